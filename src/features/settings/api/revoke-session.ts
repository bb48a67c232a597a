import { request } from '../../../lib/http';

/** DELETE /api/settings/sessions/{id}: signs that device out. */
export async function revokeSession(id: number): Promise<void> {
  await request<void>(`/api/settings/sessions/${id}`, { method: 'DELETE', loader: false });
}
