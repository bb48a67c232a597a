import type { SessionInfo } from '../../../../contract/account';
import { request } from '../../../lib/http';

/** GET /api/settings/sessions: the user's signed-in devices, most recently used first. */
export function fetchSessions(): Promise<SessionInfo[]> {
  return request<SessionInfo[]>('/api/settings/sessions', { loader: false });
}

/** DELETE /api/settings/sessions/{id}: signs that device out. */
export async function revokeSession(id: number): Promise<void> {
  await request<void>(`/api/settings/sessions/${id}`, { method: 'DELETE', loader: false });
}

/** DELETE /api/settings/sessions: signs out every device but this one. */
export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return request<{ revoked: number }>('/api/settings/sessions', { method: 'DELETE', loader: false });
}
