import { Trans } from '@lingui/react/macro';
import { FormBanner } from '../../ui/form/FormBanner';
import { ProviderIcon } from './ProviderIcon';
import type { OAuthProviderInfo } from '../../../contract/oauth';
import { useOAuth } from './use-oauth';

/** "Continue with …" for every configured provider (OAuthButtons loads it when there is one). */
export function OAuthButtonList({ providers }: { providers: OAuthProviderInfo[] }) {
  const oauth = useOAuth('sign-in');

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
