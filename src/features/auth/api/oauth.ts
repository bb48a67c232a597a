import type { OAuthIdentity, OAuthProviderInfo, OAuthStartResponse } from '../../../../contract/oauth';
import { request } from '../../../lib/http';

/** GET /api/oauth/providers: the providers the server has configured. */
export function fetchOAuthProviders(): Promise<OAuthProviderInfo[]> {
  return request<OAuthProviderInfo[]>('/api/oauth/providers', { loader: false });
}

/** POST /api/oauth/{provider} (seed): the provider's address for a sign-in. */
export function startOAuth(provider: string): Promise<OAuthStartResponse> {
  return request<OAuthStartResponse>(`/api/oauth/${encodeURIComponent(provider)}`, { method: 'POST' });
}

/** POST /api/oauth/{provider}/link: the provider's address for linking it to the signed-in account. */
export function startOAuthLink(provider: string): Promise<OAuthStartResponse> {
  return request<OAuthStartResponse>(`/api/oauth/${encodeURIComponent(provider)}/link`, { method: 'POST' });
}

/** GET /api/oauth/identities */
export function fetchOAuthIdentities(): Promise<OAuthIdentity[]> {
  return request<OAuthIdentity[]>('/api/oauth/identities');
}

/** DELETE /api/oauth/identities/{provider} */
export function unlinkOAuthIdentity(provider: string): Promise<void> {
  return request<void>(`/api/oauth/identities/${encodeURIComponent(provider)}`, { method: 'DELETE' });
}
