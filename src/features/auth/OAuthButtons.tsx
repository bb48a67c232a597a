import { lazy, Suspense } from 'react';
import { useOAuthProviders } from './use-oauth-providers';

const OAuthButtonList = lazy(() => import('./OAuthButtonList').then((module) => ({ default: module.OAuthButtonList })));

/**
 * "Continue with …" under the login and registration forms, for every configured provider. The
 * buttons' code (the popup, its machine, the icons) loads only once the server names a provider.
 */
export function OAuthButtons() {
  const providers = useOAuthProviders();
  if (providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OAuthButtonList providers={providers} />
    </Suspense>
  );
}
