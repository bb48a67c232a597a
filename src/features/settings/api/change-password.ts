import type { PasswordChangeBody } from '../../../../contract/account';
import { request } from '../../../lib/http';

/** PATCH /api/settings/password: 204; 422 for a wrong current password or a weak new one. */
export async function changePassword(body: PasswordChangeBody): Promise<void> {
  await request<void>('/api/settings/password', { method: 'PATCH', body });
}
