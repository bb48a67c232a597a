import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { User } from '../../../contract/user';
import { errorStatus, FetchError } from '../../lib/http';
import { useForm } from '../../lib/use-form';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { StatusBadge } from '../../ui/StatusBadge';
import { resendVerification } from '../auth';
import './verification.css';

/** Settings → Verification: whether the e-mail address is verified, with a new link on request. */
export function EmailVerification({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm(
    {},
    async () => {
      setStatus(null);
      try {
        return await resendVerification({ email: user.email });
      } catch (error) {
        throw withWait(error);
      }
    },
    (output) => setStatus((output as { status: string }).status),
  );

  /** A 429 tells how long to wait (Retry-After); the form shows that instead of the bare refusal. */
  function withWait(error: unknown): unknown {
    const seconds = error instanceof FetchError ? Number(error.response?.headers.get('retry-after')) : NaN;
    if (errorStatus(error) !== 429 || !(seconds > 0)) return error;
    return { data: { message: plural(seconds, { one: 'Too many requests. Try again in # second.', other: 'Too many requests. Try again in # seconds.' }) } };
  }
  const verifiedAt = user.email_verified_at ? i18n.date(new Date(user.email_verified_at), { dateStyle: 'long' }) : null;

  return (
    <section className="card" aria-labelledby="email-title">
      <div className="card-body verification-card">
        <header className="verification-header">
          <div>
            <h2 id="email-title" className="section-title">
              <Trans>E-mail address</Trans>
            </h2>
            <p className="field-hint verification-email">{user.email}</p>
          </div>
          <StatusBadge tone={verifiedAt ? 'success' : 'pending'}>{verifiedAt ? t`Verified` : t`Not verified`}</StatusBadge>
        </header>
        {verifiedAt ? (
          <p className="document-meta">
            <Trans>Verified on {verifiedAt}.</Trans>
          </p>
        ) : (
          <form className="form-grid" onSubmit={form.onSubmit} noValidate>
            <p className="document-meta">
              <Trans>We sent a link to this address when you registered. It is valid for 60 minutes; ask for a new one if it has expired.</Trans>
            </p>
            {status ? (
              <div className="banner banner-success" role="status">
                {status}
              </div>
            ) : null}
            <FormBanner message={form.message} />
            <div>
              <SubmitButton busy={form.busy} block={false}>
                <Trans>Send a new link</Trans>
              </SubmitButton>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
