import { t } from '@lingui/core/macro';

export type DialogInputType = 'email' | 'url';

/** The seed's basic e-mail pattern: something, @, something with a dot, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The seed's dialog input checks (section 5): null when `value` passes, else the message to show. */
export function dialogInputError(type: DialogInputType, value: string): string | null {
  const text = value.trim();
  if (type === 'email') return EMAIL.test(text) ? null : t`Invalid email address`;
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:' ? null : t`Invalid URL`;
  } catch {
    return t`Invalid URL`;
  }
}
