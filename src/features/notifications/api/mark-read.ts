import { request } from '../../../lib/http';

/** POST /api/notifications/{id}/read: answers the unread count after it. */
export async function markRead(id: number): Promise<number> {
  return (await request<{ unread: number }>(`/api/notifications/${id}/read`, { method: 'POST', loader: false })).unread;
}

/** POST /api/notifications/read-all: answers the unread count after it (0, or what arrived meanwhile). */
export async function markAllRead(): Promise<number> {
  return (await request<{ unread: number }>('/api/notifications/read-all', { method: 'POST', loader: false })).unread;
}
