import { queryOptions } from '@tanstack/react-query';
import type { AdminRoom } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/** GET /api/admin/chat/rooms?search=: the administration's list, newest activity first. */
export function listRooms(search: string): Promise<AdminRoom[]> {
  return request<AdminRoom[]>('/api/admin/chat/rooms', { query: search.trim() ? { search: search.trim() } : {}, loader: false });
}

export const adminRoomsKeys = { all: ['chat', 'admin-rooms'] as const };

export const adminRoomsQuery = (search: string) =>
  queryOptions({
    queryKey: [...adminRoomsKeys.all, search] as const,
    queryFn: () => listRooms(search),
    // Kept current by the staff channel, and loaded afresh on every visit and reconnection.
    staleTime: 0,
    retry: false,
  });
