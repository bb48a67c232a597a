import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/session/session.selectors';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';

export function VerificationSettingsScreen() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  usePageTitle(t`Verification`);
  const user = useSelector(useRuntime().session, selectUser);
  if (!user) return null;
  const verifiedAt = user.email_verified_at ? i18n.date(new Date(user.email_verified_at), { dateStyle: 'long' }) : null;
  return (
    <section className="card" aria-labelledby="verification-title">
      <div className="card-body" style={{ display: 'grid', gap: 'var(--space-4)' }}>
        <h2 id="verification-title" style={{ fontSize: 'var(--text-lg)' }}>
          <Trans>E-mail address</Trans>
        </h2>
        {verifiedAt ? (
          <div className="banner banner-success" role="status">
            <Trans>
              {user.email} was verified on {verifiedAt}.
            </Trans>
          </div>
        ) : (
          <div className="banner banner-info" role="status">
            <span>
              <Trans>{user.email} is not verified yet.</Trans>{' '}
              <Link to="/$lang/email/resend" params={{ lang }}>
                <Trans>Send a new link</Trans>
              </Link>
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
