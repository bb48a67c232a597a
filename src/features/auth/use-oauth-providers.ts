import { useEffect, useState } from 'react';
import type { OAuthProviderInfo } from '../../../contract/oauth';
import { fetchOAuthProviders } from './api/fetch-oauth-providers';

/**
 * The configured providers; empty until known, and when the list cannot be had (the buttons then
 * stay away). The one load outside the query cache, by design: the sign-in and register screens
 * show these buttons, and the sign-in path goes without TanStack Query (docs/architecture.md).
 */
export function useOAuthProviders(): OAuthProviderInfo[] {
  const [providers, setProviders] = useState<OAuthProviderInfo[]>([]);
  useEffect(() => {
    let live = true;
    fetchOAuthProviders().then(
      (list) => live && setProviders(list),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
