import { type ChatMessage, type ChatTicketNotice, ROOM_TICKET_EVENT } from '../../contract/chat.ts';
import { TICKET_SUBJECT_MAX, type TicketSummary } from '../../contract/tickets.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { roomChannel, type RoomRecord, type StoredAttachment } from './chat.ts';
import type { TicketService } from './tickets.ts';

/** How much of the first line a chat ticket's subject keeps. */
const SUBJECT_CHARS = Math.min(80, TICKET_SUBJECT_MAX);

/** The subject of a ticket made from a chat message: its first line, cut at a word; a file's name; or `fallback`. */
export function chatTicketSubject(text: string, fileName: string | null, fallback: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  const base = line || fileName || fallback;
  if (base.length <= SUBJECT_CHARS) return base;
  const cut = base.slice(0, SUBJECT_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUBJECT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface ChatTickets {
  /**
   * After a client's message is stored (or repeated): when nobody from support is online (the one
   * source: `support.status().online`), the message goes to the room's chat ticket, made by the
   * first such message (docs/adr/0087), and the room hears `room.ticket`. Idempotent on the chat
   * message. Answers the ticket, or null when support is online.
   */
  afterClientMessage(room: RoomRecord, message: ChatMessage, subjectFallback: string, file?: StoredAttachment): Promise<TicketSummary | null>;
  /** The notice the widget shows: the room's unresolved chat ticket. */
  notice(roomId: number): Promise<ChatTicketNotice>;
}

export function createChatTickets({
  tickets,
  supportOnline,
  broadcaster,
  log,
}: {
  tickets: Pick<TicketService, 'fromChat' | 'chatTicketOf'>;
  supportOnline: () => Promise<boolean>;
  broadcaster: Broadcaster;
  log?: { error(obj: object, msg: string): void };
}): ChatTickets {
  const noticeOf = (ticket: TicketSummary | null): ChatTicketNotice => ({ ticket: ticket && { id: ticket.id, number: ticket.number, status: ticket.status } });

  return {
    async afterClientMessage(room, message, subjectFallback, file) {
      if (message.user_id !== room.user_id) return null;
      if (await supportOnline()) return null;
      const { ticket, outcome } = await tickets.fromChat({
        userId: room.user_id,
        roomId: room.id,
        chatMessageId: message.id,
        text: message.message.trim() || file?.originalName || subjectFallback,
        subject: chatTicketSubject(message.message, file?.originalName ?? null, subjectFallback),
        files: file ? [{ ...file, mimeType: file.mimeType }] : [],
      });
      if (outcome !== 'already') {
        await broadcaster.publish(roomChannel(room.id), ROOM_TICKET_EVENT, noticeOf(ticket)).catch((err: unknown) => {
          log?.error({ err, roomId: room.id }, 'realtime: room.ticket not broadcast');
        });
      }
      return ticket;
    },

    notice: async (roomId) => noticeOf(await tickets.chatTicketOf(roomId)),
  };
}
