import type { ChatMessage } from '../../../../contract/chat';
import { request } from '../../../lib/http';

/**
 * POST /api/chat/room/{id}/message (201; 200 when `clientId` was stored before). X-Socket-ID
 * keeps our own socket out of the broadcast. The same `clientId` on every try of one message.
 */
export function sendMessage(roomId: number, message: string, userId: number, clientId: string | null): Promise<ChatMessage> {
  return request<ChatMessage>(`/api/chat/room/${roomId}/message`, {
    method: 'POST',
    body: { message, user_id: userId, ...(clientId ? { client_id: clientId } : {}) },
    loader: false,
  });
}

/** A send's client id: random, as the server's CLIENT_ID_PATTERN accepts (randomUUID needs a secure context). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
