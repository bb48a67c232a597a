import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import './oauth.css';
import { useOAuthProviders } from './use-oauth-providers';

const OAuthButtonList = lazy(() => import('./OAuthButtonList').then((module) => ({ default: module.OAuthButtonList })));

/** The most providers the server can name (server/services/oauth-providers.ts: GitHub, Google, OIDC). */
const MOST_PROVIDERS = 3;

/**
 * The buttons' place until they are drawn: the divider and one button's box per provider, hidden.
 * The page's <html> says how many providers the server has (`data-oauth-providers`, written by
 * server/http/page-shell.ts); oauth.css shows that many boxes and none without the attribute. The
 * markup is the same for every count, so the prerendered page (built without knowing it) and the
 * app's first render agree (docs/adr/0110).
 */
function OAuthPlace() {
  return (
    <div className="oauth oauth-place" aria-hidden="true">
      <p className="oauth-divider">
        <Trans>or</Trans>
      </p>
      <div className="oauth-buttons">
        {Array.from({ length: MOST_PROVIDERS }, (_, index) => (
          <span key={index} className="btn btn-secondary btn-block oauth-button">
            {'\u00a0'}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * "Continue with …" under the login and registration forms, for every configured provider. The
 * buttons' code (the popup, its machine, the icons) loads only once the server names a provider;
 * their place is held meanwhile.
 */
export function OAuthButtons() {
  const providers = useOAuthProviders();
  if (providers.length === 0) return <OAuthPlace />;
  return (
    <Suspense fallback={<OAuthPlace />}>
      <OAuthButtonList providers={providers} />
    </Suspense>
  );
}
