import { request } from '../../../lib/http';

/** DELETE /api/oauth/identities/{provider} */
export function unlinkOAuthIdentity(provider: string): Promise<void> {
  return request<void>(`/api/oauth/identities/${encodeURIComponent(provider)}`, { method: 'DELETE' });
}
