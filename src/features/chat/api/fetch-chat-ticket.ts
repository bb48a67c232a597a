import type { ChatTicketNotice } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/** GET /api/chat/room/{id}/ticket: the room's unresolved ticket made while nobody from support was online (docs/adr/0087). */
export function fetchChatTicket(roomId: number): Promise<ChatTicketNotice> {
  return request<ChatTicketNotice>(`/api/chat/room/${roomId}/ticket`, { loader: false });
}
