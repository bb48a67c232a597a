import type { RegisterBody } from '../../../../contract/auth';
import type { User } from '../../../../contract/user';
import { request } from '../../../lib/http';

/** POST /api/register: 201 with the user, or 200 `{status}` when the e-mail must be verified first. */
export function register(body: RegisterBody): Promise<User | { status: string }> {
  return request<User | { status: string }>('/api/register', { method: 'POST', body });
}
