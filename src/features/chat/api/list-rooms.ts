import { queryOptions } from '@tanstack/react-query';
import type { AdminRoom, RoomStatus } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/** Which rooms the administration's list shows. */
export type RoomFilter = RoomStatus | 'all';

/** GET /api/admin/chat/rooms?search=&status=: the administration's list, newest activity first. */
export function listRooms(search: string, status: RoomFilter = 'all'): Promise<AdminRoom[]> {
  const query: Record<string, string> = {};
  if (search.trim()) query.search = search.trim();
  if (status !== 'all') query.status = status;
  return request<AdminRoom[]>('/api/admin/chat/rooms', { query, loader: false });
}

export const adminRoomsKeys = { all: ['chat', 'admin-rooms'] as const };

export const adminRoomsQuery = (search: string, status: RoomFilter = 'all') =>
  queryOptions({
    queryKey: [...adminRoomsKeys.all, search, status] as const,
    queryFn: () => listRooms(search, status),
    // Kept current by the staff channel, and loaded afresh on every visit and reconnection.
    staleTime: 0,
    retry: false,
  });
