import type { ChatMessage } from '../../../contract/chat';
import { request } from '../../../lib/http';

/** POST /api/chat/room/{id}/message (201). X-Socket-ID keeps our own socket out of the broadcast. */
export function sendMessage(roomId: number, message: string, userId: number): Promise<ChatMessage> {
  return request<ChatMessage>(`/api/chat/room/${roomId}/message`, { method: 'POST', body: { message, user_id: userId }, loader: false });
}
