import type { ChatMessage } from '../../../../contract/chat';
import { upload } from '../../../lib/http';

/**
 * POST /api/chat/room/{id}/attachments (multipart: file, message, client_id): the stored message
 * with its file reference (201; 200 when `clientId` was stored before).
 */
export function sendAttachment(roomId: number, file: File, clientId: string, caption = ''): Promise<ChatMessage> {
  const body = new FormData();
  body.append('client_id', clientId);
  if (caption.trim()) body.append('message', caption);
  body.append('file', file);
  return upload<ChatMessage>(`/api/chat/room/${roomId}/attachments`, body);
}
