import type { User } from '../../../contract/user';
import { request } from '../../../lib/http';

/** GET /api/user with the given token; a 401 here means "not signed in", not "session expired". */
export function fetchUser(token: string): Promise<User> {
  return request<User>('/api/user', {
    headers: { Authorization: `Bearer ${token}` },
    quiet401: true,
  });
}
