import { request } from '../../../lib/http';

/** DELETE /api/settings/sessions: signs out every device but this one. */
export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return request<{ revoked: number }>('/api/settings/sessions', { method: 'DELETE', loader: false });
}
