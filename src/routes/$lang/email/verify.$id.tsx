import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy';

/**
 * Open to guests and signed-in users alike: the same mailed link verifies a new account and
 * confirms a changed address, which the user asks for while signed in.
 */
export const Route = createFileRoute('/$lang/email/verify/$id')({
  validateSearch: (search: Record<string, unknown>): { expires?: string; signature?: string } => ({
    ...(search.expires !== undefined ? { expires: String(search.expires) } : {}),
    ...(typeof search.signature === 'string' ? { signature: search.signature } : {}),
  }),
  component: lazyScreen(() => import('../../../features/auth/VerifyEmailScreen'), 'VerifyEmailScreen'),
});
