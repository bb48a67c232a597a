import type { AdminRoom } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/** GET /api/admin/chat/rooms?search=: the administration's list, newest activity first. */
export function listRooms(search: string): Promise<AdminRoom[]> {
  return request<AdminRoom[]>('/api/admin/chat/rooms', { query: search.trim() ? { search: search.trim() } : {}, loader: false });
}
