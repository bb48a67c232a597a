import { queryOptions } from '@tanstack/react-query';
import type { OAuthIdentity } from '../../../../contract/oauth';
import { request } from '../../../lib/http';

/** GET /api/oauth/identities */
export function fetchOAuthIdentities(): Promise<OAuthIdentity[]> {
  return request<OAuthIdentity[]>('/api/oauth/identities');
}

export const oauthIdentitiesQuery = () =>
  queryOptions({ queryKey: ['oauth', 'identities'] as const, queryFn: fetchOAuthIdentities, staleTime: 0, retry: false });
