import { Trans } from '@lingui/react/macro';
import { FormBanner } from '../../ui/form/FormBanner';
import './oauth.css';
import { ProviderIcon } from './ProviderIcon';
import { useOAuth } from './use-oauth';
import { useOAuthProviders } from './use-oauth-providers';

/** "Continue with …" for every configured provider, under the login and registration forms. */
export function OAuthButtons() {
  const providers = useOAuthProviders();
  const oauth = useOAuth('sign-in');
  if (providers.length === 0) return null;

  return (
    <div className="oauth">
      <p className="oauth-divider">
        <Trans>or</Trans>
      </p>
      <FormBanner message={oauth.error} />
      <div className="oauth-buttons">
        {providers.map((provider) => {
          const { name } = provider;
          return (
          <button
            key={provider.id}
            type="button"
            className="btn btn-secondary btn-block oauth-button"
            onClick={() => oauth.start(provider)}
            disabled={oauth.busy}
            aria-busy={oauth.pending === provider.id}
          >
            {oauth.pending === provider.id ? <span className="spinner" aria-hidden="true" /> : <ProviderIcon provider={provider.id} />}
            <Trans>Continue with {name}</Trans>
          </button>
          );
        })}
      </div>
    </div>
  );
}
