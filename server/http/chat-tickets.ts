import type { FastifyRequest } from 'fastify';
import type { ChatMessage } from '../../contract/chat.ts';
import { t } from '../i18n/index.ts';
import type { RoomRecord, StoredAttachment } from '../services/chat.ts';
import type { Services } from '../services/index.ts';

/**
 * After a client's chat message (text or file) is stored: with nobody from support online it goes
 * to a ticket too (docs/adr/0087). The message is stored whatever happens here: a failure is
 * logged, and the same send repeated (its client id) copies it then.
 */
export async function toTicketWhenNobodyOnline(
  services: Pick<Services, 'chatTickets'>,
  request: FastifyRequest,
  room: RoomRecord,
  message: ChatMessage,
  file?: StoredAttachment,
): Promise<void> {
  try {
    await services.chatTickets.afterClientMessage(room, message, t(request.locale, 'chat.ticket_subject'), file);
  } catch (err) {
    request.log.error({ err, roomId: room.id, messageId: message.id }, 'chat: message not copied to a ticket');
  }
}
