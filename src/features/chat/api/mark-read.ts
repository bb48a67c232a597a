import { request } from '../../../lib/http';

/** POST /api/chat/room/{id}/read: this side has read up to `lastId`. */
export function markRead(roomId: number, lastId: number): Promise<void> {
  return request<void>(`/api/chat/room/${roomId}/read`, { method: 'POST', body: { last_read_id: lastId }, loader: false });
}
