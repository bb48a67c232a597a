import type { OAuthStartResponse } from '../../../../contract/oauth';
import { request } from '../../../lib/http';

/** POST /api/oauth/{provider} (seed): the provider's address for a sign-in. */
export function startOAuth(provider: string): Promise<OAuthStartResponse> {
  return request<OAuthStartResponse>(`/api/oauth/${encodeURIComponent(provider)}`, { method: 'POST' });
}
