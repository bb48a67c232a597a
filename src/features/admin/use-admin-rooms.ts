import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminRoom } from '../../../contract/chat';
import { ADMIN_CHATS_CHANNEL, ROOM_UPDATED_EVENT } from '../../../contract/chat';
import { queryClient } from '../../data/query-client';
import { realtime } from '../../lib/realtime';
import { adminRoomsKeys, adminRoomsQuery, type RoomFilter } from '../chat';

const SEARCH_DELAY_MS = 250;

const newestFirst = (a: AdminRoom, b: AdminRoom) => b.last_activity_at.localeCompare(a.last_activity_at) || b.id - a.id;
const FILTERS: readonly RoomFilter[] = ['all', 'open', 'resolved'];

/**
 * The administration's room list, live: loaded (and searched) over HTTP, then kept current by
 * `room.updated` on the private staff channel; loaded again at every subscription, the first
 * included: pusher-js replays nothing, and the first load is answered before the channel is
 * subscribed, so an update sent in between (a conversation read, a new message) reaches nobody.
 */
export function useAdminRooms(search: string, status: RoomFilter = 'all'): { rooms: AdminRoom[] | null; failed: boolean } {
  const [searched, setSearched] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setSearched(search), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);
  const query = useQuery({ ...adminRoomsQuery(searched, status), placeholderData: keepPreviousData }, queryClient);

  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: adminRoomsKeys.all });
    return realtime.subscribe(
      ADMIN_CHATS_CHANNEL,
      {
        catchUp: reload,
        events: {
          [ROOM_UPDATED_EVENT]: ({ room }: { room: AdminRoom }) => {
            if (searched) return reload();
            // Each list already loaded takes the room in, or lets it go when its status no longer fits.
            for (const filter of FILTERS) {
              const key = adminRoomsQuery('', filter).queryKey;
              if (!queryClient.getQueryData(key)) continue;
              const fits = filter === 'all' || room.status === filter;
              queryClient.setQueryData(key, (list) => {
                const others = (list ?? []).filter((r) => r.id !== room.id);
                return fits ? [room, ...others].sort(newestFirst) : others;
              });
            }
          },
        },
      },
      { private: true, onUnavailable: (error) => console.error('realtime unavailable', error) },
    );
  }, [searched]);

  useEffect(() => {
    if (query.error) console.error('chat: room list not loaded', query.error);
  }, [query.error]);
  return { rooms: query.data ?? null, failed: query.isError };
}
