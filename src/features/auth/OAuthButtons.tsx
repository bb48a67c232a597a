import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormBanner } from '../../ui/form/FormBanner';
import { startOAuth } from './api/oauth';
import './oauth.css';
import { oauthErrorText } from './oauth-errors';
import { PopupBlockedError, PopupClosedError, runOAuthPopup } from './oauth-popup';
import { ProviderIcon } from './ProviderIcon';
import { useOAuthProviders } from './use-oauth-providers';
import { useSignIn } from './use-sign-in';

/** "Continue with …" for every configured provider, under the login and registration forms. */
export function OAuthButtons() {
  const { t, i18n } = useLingui();
  const providers = useOAuthProviders();
  const signIn = useSignIn();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (providers.length === 0) return null;

  function signInWith(id: string, name: string) {
    setError(null);
    setPending(id);
    runOAuthPopup(() => startOAuth(id))
      .then(async (message) => {
        if ('token' in message) await signIn({ token: message.token, token_type: 'bearer', expires_in: message.expires_in }, false);
        else if ('error' in message) setError(oauthErrorText(i18n, message.error, name));
      })
      .catch((failure: unknown) => {
        if (failure instanceof PopupBlockedError) setError(t`Your browser blocked the sign-in window. Allow pop-ups for this site and try again.`);
        else if (!(failure instanceof PopupClosedError)) setError(t`Sign-in with ${name} could not start. Please try again.`);
      })
      .finally(() => setPending(null));
  }

  return (
    <div className="oauth">
      <p className="oauth-divider">
        <Trans>or</Trans>
      </p>
      <FormBanner message={error} />
      <div className="oauth-buttons">
        {providers.map(({ id, name }) => (
          <button
            key={id}
            type="button"
            className="btn btn-secondary btn-block oauth-button"
            onClick={() => signInWith(id, name)}
            disabled={pending !== null}
            aria-busy={pending === id}
          >
            {pending === id ? <span className="spinner" aria-hidden="true" /> : <ProviderIcon provider={id} />}
            <Trans>Continue with {name}</Trans>
          </button>
        ))}
      </div>
    </div>
  );
}
