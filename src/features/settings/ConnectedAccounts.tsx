import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../../data/query-client';
import { FormBanner } from '../../ui/form/FormBanner';
import { StatusBadge } from '../../ui/StatusBadge';
import { oauthIdentitiesQuery, unlinkOAuthIdentity, ProviderIcon, useOAuth, useOAuthProviders } from '../auth';
import './connected-accounts.css';

/** Settings: the sign-in providers linked to this account, with connect and disconnect. */
export function ConnectedAccounts() {
  const { t } = useLingui();
  const providers = useOAuthProviders();
  const query = useQuery(oauthIdentitiesQuery(), queryClient);
  // A list that cannot be had reads as nothing connected.
  const identities = query.isError ? [] : (query.data ?? null);
  const reload = () => queryClient.invalidateQueries({ queryKey: oauthIdentitiesQuery().queryKey });
  // Busy until the list has reloaded without the disconnected provider.
  const unlink = useMutation({ mutationFn: unlinkOAuthIdentity, onSuccess: reload }, queryClient);
  const unlinking = unlink.isPending ? unlink.variables : null;
  const [unlinkError, setUnlinkError] = useState<string | null>(null);
  const [unlinked, setUnlinked] = useState<string | null>(null);
  const oauth = useOAuth('link', () => void reload());

  if (providers.length === 0) return null;
  const busy = oauth.busy || unlinking !== null;
  const error = oauth.error ?? unlinkError;
  const name = oauth.linkedName;
  const notice = name ? t`${name} is now connected. You can sign in with it.` : unlinked;

  function connect(provider: { id: string; name: string }) {
    setUnlinkError(null);
    setUnlinked(null);
    oauth.start(provider);
  }

  function disconnect(id: string, name: string) {
    oauth.dismiss();
    setUnlinkError(null);
    setUnlinked(null);
    unlink
      .mutateAsync(id)
      .then(() => setUnlinked(t`${name} is disconnected.`))
      .catch(() => setUnlinkError(t`${name} could not be disconnected. Please try again.`));
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
          {providers.map((provider) => {
            const { id, name } = provider;
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
                  <button type="button" className="btn btn-ghost" onClick={() => disconnect(id, name)} disabled={busy} aria-label={t`Disconnect ${name}`}>
                    <Trans>Disconnect</Trans>
                  </button>
                ) : (
                  <button type="button" className="btn btn-secondary" onClick={() => connect(provider)} disabled={busy} aria-busy={oauth.pending === id} aria-label={t`Connect ${name}`}>
                    {oauth.pending === id ? <span className="spinner" aria-hidden="true" /> : null}
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
