import type { ChatMessage } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/** GET /api/chat/room/{id}/messages?after=: what was said after the last id held (resync). */
export function fetchMessagesAfter(roomId: number, afterId: number): Promise<ChatMessage[]> {
  return request<ChatMessage[]>(`/api/chat/room/${roomId}/messages`, { query: { after: afterId }, loader: false });
}
