import type { OAuthStartResponse } from '../../../../contract/oauth';
import { request } from '../../../lib/http';

/** POST /api/oauth/{provider}/link: the provider's address for linking it to the signed-in account. */
export function startOAuthLink(provider: string): Promise<OAuthStartResponse> {
  return request<OAuthStartResponse>(`/api/oauth/${encodeURIComponent(provider)}/link`, { method: 'POST' });
}
