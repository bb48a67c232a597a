import type { User } from '../../../../contract/user';
import { request } from '../../../lib/http';

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
