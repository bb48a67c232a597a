import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { OAuthIdentity } from '../../contract/oauth';
import { FormBanner } from '../../ui/form/FormBanner';
import { StatusBadge } from '../../ui/StatusBadge';
import { fetchOAuthIdentities, startOAuthLink, unlinkOAuthIdentity } from '../auth/api/oauth';
import { oauthErrorText } from '../auth/oauth-errors';
import { PopupBlockedError, PopupClosedError, runOAuthPopup } from '../auth/oauth-popup';
import { ProviderIcon } from '../auth/ProviderIcon';
import { useOAuthProviders } from '../auth/use-oauth-providers';
import './connected-accounts.css';

/** Settings: the sign-in providers linked to this account, with connect and disconnect. */
export function ConnectedAccounts() {
  const { t, i18n } = useLingui();
  const providers = useOAuthProviders();
  const [identities, setIdentities] = useState<OAuthIdentity[] | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(() => fetchOAuthIdentities().then(setIdentities, () => setIdentities([])), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (providers.length === 0) return null;

  function connect(id: string, name: string) {
    setError(null);
    setNotice(null);
    setPending(id);
    runOAuthPopup(() => startOAuthLink(id))
      .then(async (message) => {
        if ('linked' in message) {
          setNotice(t`${name} is now connected. You can sign in with it.`);
          await reload();
        } else if ('error' in message) setError(oauthErrorText(i18n, message.error, name));
      })
      .catch((failure: unknown) => {
        if (failure instanceof PopupBlockedError) setError(t`Your browser blocked the sign-in window. Allow pop-ups for this site and try again.`);
        else if (!(failure instanceof PopupClosedError)) setError(t`Connecting ${name} could not start. Please try again.`);
      })
      .finally(() => setPending(null));
  }

  function disconnect(id: string, name: string) {
    setError(null);
    setNotice(null);
    setPending(id);
    unlinkOAuthIdentity(id)
      .then(async () => {
        setNotice(t`${name} is disconnected.`);
        await reload();
      })
      .catch(() => setError(t`${name} could not be disconnected. Please try again.`))
      .finally(() => setPending(null));
  }

  return (
    <section className="card" aria-labelledby="connected-accounts-title">
      <div className="card-body connected-accounts">
        <div>
          <h2 id="connected-accounts-title" className="section-title">
            <Trans>Connected accounts</Trans>
          </h2>
          <p className="field-hint">
            <Trans>Sign in with an account you already have elsewhere. Connecting one never changes your e-mail or password here.</Trans>
          </p>
        </div>
        <FormBanner message={error} />
        {notice ? (
          <div className="banner banner-success" role="status">
            {notice}
          </div>
        ) : null}
        <ul className="connected-list">
          {providers.map(({ id, name }) => {
            const identity = identities?.find((i) => i.provider === id);
            return (
              <li key={id} className="connected-item">
                <span className="connected-icon">
                  <ProviderIcon provider={id} />
                </span>
                <div className="connected-text">
                  <span className="connected-name">{name}</span>
                  <span className="field-hint">
                    {identity
                      ? identity.email
                        ? t`Connected as ${identity.email}`
                        : t`Connected`
                      : t`Not connected`}
                  </span>
                </div>
                {identity ? <StatusBadge tone="success">{t`Connected`}</StatusBadge> : null}
                {identities === null ? null : identity ? (
                  <button type="button" className="btn btn-ghost" onClick={() => disconnect(id, name)} disabled={pending !== null} aria-label={t`Disconnect ${name}`}>
                    <Trans>Disconnect</Trans>
                  </button>
                ) : (
                  <button type="button" className="btn btn-secondary" onClick={() => connect(id, name)} disabled={pending !== null} aria-busy={pending === id} aria-label={t`Connect ${name}`}>
                    {pending === id ? <span className="spinner" aria-hidden="true" /> : null}
                    <Trans>Connect</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
