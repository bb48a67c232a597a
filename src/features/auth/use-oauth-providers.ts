import { useEffect, useState } from 'react';
import type { OAuthProviderInfo } from '../../../contract/oauth';
import { fetchOAuthProviders } from './api/oauth';

/** The configured providers; empty until known, and when the list cannot be had (the buttons then stay away). */
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
