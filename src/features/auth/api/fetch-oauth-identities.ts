import { queryOptions } from '@tanstack/react-query';
import type { OAuthIdentity } from '../../../../contract/oauth';
import { request } from '../../../lib/http';

/**
 * GET /api/oauth/identities. The list fills its own card below the profile form, so it does not
 * turn the page loader on: hiding the page while it loads dropped what the user was typing into
 * the form above (the browser discards keystrokes into hidden fields).
 */
export function fetchOAuthIdentities(): Promise<OAuthIdentity[]> {
  return request<OAuthIdentity[]>('/api/oauth/identities', { loader: false });
}

export const oauthIdentitiesQuery = () =>
  queryOptions({ queryKey: ['oauth', 'identities'] as const, queryFn: fetchOAuthIdentities, staleTime: 0, retry: false });
