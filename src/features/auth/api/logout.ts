import { request } from '../../../lib/http';

/** POST /api/logout: revokes the token on the server. The caller ignores its failure (seed, section 7). */
export async function revokeToken(token: string): Promise<void> {
  await request<void>('/api/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    quiet401: true,
    loader: false,
  });
}
