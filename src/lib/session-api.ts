import type { User } from '../../contract/user';
import { request } from './http';

/** The session machine's HTTP calls, injected by runtime.ts. */

/**
 * GET /api/user with the given token. At start-up or after sign-in a 401 means "not signed in";
 * on a refresh of a signed-in session it means the session expired (the alert, then sign-out).
 * A refresh runs behind the screen the user is reading, so it does not turn the loader on.
 */
export function fetchUser(token: string, { refresh = false }: { refresh?: boolean } = {}): Promise<User> {
  return request<User>('/api/user', {
    headers: { Authorization: `Bearer ${token}` },
    quiet401: !refresh,
    loader: !refresh,
  });
}

/** POST /api/logout: revokes the token on the server. The caller ignores its failure (seed, section 7). */
export async function revokeToken(token: string): Promise<void> {
  await request<void>('/api/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    quiet401: true,
    loader: false,
  });
}
