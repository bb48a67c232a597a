import { useEffect, useState } from 'react';
import type { AdminRoom } from '../../../contract/chat';
import { ADMIN_CHATS_CHANNEL, ROOM_UPDATED_EVENT } from '../../../contract/chat';
import { getEcho, listRooms } from '../chat';

const SEARCH_DELAY_MS = 250;

const newestFirst = (a: AdminRoom, b: AdminRoom) => b.last_activity_at.localeCompare(a.last_activity_at) || b.id - a.id;

/**
 * The administration's room list, live: loaded (and searched) over HTTP, then kept current by
 * `room.updated` on the private staff channel; loaded again after every reconnection, since
 * pusher-js replays nothing.
 */
export function useAdminRooms(search: string): { rooms: AdminRoom[] | null; failed: boolean } {
  const [rooms, setRooms] = useState<AdminRoom[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    const load = () =>
      listRooms(search).then(
        (list) => {
          if (!current) return;
          setRooms(list);
          setFailed(false);
        },
        (error: unknown) => {
          console.error('chat: room list not loaded', error);
          if (current) setFailed(true);
        },
      );
    const timer = setTimeout(load, search ? SEARCH_DELAY_MS : 0);

    let leave = () => {};
    getEcho().then(
      (echo) => {
        if (!current) return;
        let subscribed = false;
        echo
          .private(ADMIN_CHATS_CHANNEL)
          .subscribed(() => {
            // The first subscription follows the first load; later ones follow a reconnection.
            if (subscribed) void load();
            subscribed = true;
          })
          .listen(`.${ROOM_UPDATED_EVENT}`, ({ room }: { room: AdminRoom }) => {
            if (search) return void load();
            setRooms((list) => [room, ...(list ?? []).filter((r) => r.id !== room.id)].sort(newestFirst));
          });
        leave = () => echo.leave(ADMIN_CHATS_CHANNEL);
      },
      (error: unknown) => console.error('realtime unavailable', error),
    );
    return () => {
      current = false;
      clearTimeout(timer);
      leave();
    };
  }, [search]);

  return { rooms, failed };
}
