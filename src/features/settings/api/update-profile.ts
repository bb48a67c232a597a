import type { ProfileBody } from '../../../../contract/account';
import type { User } from '../../../../contract/user';
import { request } from '../../../lib/http';

/** PATCH /api/settings/profile: names at once; a new e-mail waits (pending_email) for its link. */
export function updateProfile(body: ProfileBody): Promise<User> {
  return request<User>('/api/settings/profile', { method: 'PATCH', body });
}
