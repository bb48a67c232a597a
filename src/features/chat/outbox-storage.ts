import type { PendingSend } from '../../../machines/chat/chat.machine';

/**
 * Our sends not yet stored, kept in the browser per user and room, so that a reload (or a
 * crash) loses none: the conversation sends them again (with the same client ids, so the
 * server stores each once).
 */
const key = (userId: number, roomId: number) => `traderoom.chat.outbox.${userId}.${roomId}`;

const isPendingSend = (value: unknown): value is PendingSend => {
  const v = value as Partial<PendingSend> | null;
  return typeof v === 'object' && v !== null && typeof v.clientId === 'string' && typeof v.message === 'string' && typeof v.at === 'string';
};

export function loadSends(userId: number, roomId: number): PendingSend[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(userId, roomId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPendingSend) : [];
  } catch {
    return [];
  }
}

export function saveSends(userId: number, roomId: number, sends: readonly PendingSend[]): void {
  try {
    if (sends.length === 0) localStorage.removeItem(key(userId, roomId));
    else localStorage.setItem(key(userId, roomId), JSON.stringify(sends));
  } catch (error) {
    // Storage full or refused (private mode): the sends still go while the page stays open.
    console.error('chat: unsent messages not kept', error);
  }
}
