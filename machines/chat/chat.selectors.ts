import type { SnapshotFrom } from 'xstate';
import type { ChatEntry, chatMachine } from './chat.machine';

export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

export type ConnectionStatus = 'offline' | 'connecting' | 'live' | 'reconnecting';

export const selectIsOpen = (snapshot: ChatSnapshot): boolean => snapshot.matches({ panel: 'visible' });
export const selectEntries = (snapshot: ChatSnapshot): ChatEntry[] => snapshot.context.entries;
export const selectDraft = (snapshot: ChatSnapshot): string => snapshot.context.draft;
export const selectUnread = (snapshot: ChatSnapshot): number => snapshot.context.unread;
export const selectAgentName = (snapshot: ChatSnapshot): string | null => snapshot.context.room?.agent_name ?? null;
export const selectRoom = (snapshot: ChatSnapshot) => snapshot.context.room;
/** Who is typing on the other side, or null. */
export const selectTypingName = (snapshot: ChatSnapshot): string | null => snapshot.context.typing?.name ?? null;
export const selectIsSending = (snapshot: ChatSnapshot): boolean => snapshot.matches({ outbox: 'sending' });
/** Finding or creating the room: the conversation shows a loading state. */
export const selectIsLoading = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('loading');
/** Finding or creating the room failed; the next open tries again. */
export const selectIsUnavailable = (snapshot: ChatSnapshot): boolean => snapshot.matches({ room: 'unavailable' });
/** The send button: a room and some text (a send on its way queues the next one). */
export const selectCanSend = (snapshot: ChatSnapshot): boolean => snapshot.context.room !== null && snapshot.context.draft.trim() !== '';

export function selectConnection(snapshot: ChatSnapshot): ConnectionStatus {
  if (snapshot.hasTag('live')) return 'live';
  if (snapshot.matches({ room: { ready: 'reconnecting' } })) return 'reconnecting';
  if (snapshot.matches({ room: 'ready' })) return 'connecting';
  return 'offline';
}

/** Whether an entry was written by this side (shown on the right). */
export function selectIsMine(snapshot: ChatSnapshot, entry: Pick<ChatEntry, 'user_id'>): boolean {
  const { side, user, room } = snapshot.context;
  if (side === 'client') return entry.user_id === user.id;
  return room !== null && entry.user_id !== room.user_id;
}

/** The id of our last message the other side has read (the one that shows "Seen"), or null. */
export function selectSeenId(snapshot: ChatSnapshot): number | null {
  const { otherReadId } = snapshot.context;
  let seen: number | null = null;
  for (const entry of snapshot.context.entries) {
    if (entry.id !== null && entry.id <= otherReadId && selectIsMine(snapshot, entry)) seen = entry.id;
  }
  return seen;
}
