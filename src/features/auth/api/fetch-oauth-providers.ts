import type { OAuthProviderInfo } from '../../../../contract/oauth';
import { request } from '../../../lib/http';

/** GET /api/oauth/providers: the providers the server has configured. */
export function fetchOAuthProviders(): Promise<OAuthProviderInfo[]> {
  return request<OAuthProviderInfo[]>('/api/oauth/providers', { loader: false });
}
