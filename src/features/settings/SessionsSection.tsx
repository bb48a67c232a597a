import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SessionInfo } from '../../../contract/account';
import { LoadingState } from '../../ui/LoadingState';
import { SettingsSection } from './SettingsSection';
import type { Sessions } from './use-sessions';

/** Every device signed in to the account, the current one marked; sign out any other, or all of them. */
export function SessionsSection({ sessions }: { sessions: Sessions }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const [failed, setFailed] = useState(false);

  const run = async (target: number | 'others', action: () => Promise<unknown>) => {
    setBusy(target);
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  const { state } = sessions;
  return (
    <SettingsSection title={t`Sessions`} lead={t`Devices signed in to your account. Sign out any you do not recognise.`}>
      {failed ? (
        <div className="banner banner-error" role="alert">
          <Trans>Something went wrong. Please try again.</Trans>
        </div>
      ) : null}
      {state.kind === 'loading' ? (
        <LoadingState />
      ) : state.kind === 'failed' ? (
        <div className="banner banner-error" role="alert">
          <span>
            <Trans>The sessions could not be loaded.</Trans>{' '}
            <button type="button" className="link-button" onClick={() => void sessions.reload()}>
              <Trans>Try again</Trans>
            </button>
          </span>
        </div>
      ) : (
        <>
          <ul className="row-list" aria-label={t`Sessions`}>
            {state.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy === session.id}
                onSignOut={() => run(session.id, () => sessions.revoke(session.id))}
              />
            ))}
          </ul>
          {sessions.others > 0 ? (
            <div className="section-actions">
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => run('others', sessions.revokeOthers)}
                disabled={busy !== null}
                aria-busy={busy === 'others'}
              >
                <Trans>Sign out all other sessions</Trans>
              </button>
            </div>
          ) : null}
        </>
      )}
    </SettingsSection>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: SessionInfo; busy: boolean; onSignOut: () => void }) {
  const { t, i18n } = useLingui();
  const { browser, os } = session;
  const device = browser && os ? t`${browser} on ${os}` : (browser ?? os ?? t`Unknown device`);
  const lastUsed = session.last_used_at ?? session.created_at;
  const when = i18n.date(new Date(lastUsed), { dateStyle: 'medium', timeStyle: 'short' });
  const address = session.ip ?? t`unknown address`;
  return (
    <li className="row-item">
      <div className="row-main">
        <span className="row-icon" aria-hidden="true">
          <DeviceIcon platform={session.platform} />
        </span>
        <div>
          <p className="row-title">
            {device}
            {session.current ? (
              <span className="badge session-badge">
                <Trans>This device</Trans>
              </span>
            ) : null}
          </p>
          <p className="row-meta">
            {session.current ? <Trans>{address} · active now</Trans> : <Trans>{address} · last active {when}</Trans>}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={onSignOut}
          disabled={busy}
          aria-busy={busy}
          aria-label={t`Sign out ${device}, last active ${when}`}
        >
          <Trans>Sign out</Trans>
        </button>
      )}
    </li>
  );
}

function DeviceIcon({ platform }: { platform: SessionInfo['platform'] }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  if (platform === 'mobile' || platform === 'tablet') {
    return (
      <svg {...common}>
        <rect x={platform === 'mobile' ? 7 : 5} y="3" width={platform === 'mobile' ? 10 : 14} height="18" rx="2" />
        <path d="M11 18h2" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}
