import type { ChatRoom } from '../../../../contract/chat';
import { errorStatus, request } from '../../../lib/http';

/** POST /api/chat/room/find: the caller's room, or null when it has none (404). */
export async function findRoom(): Promise<ChatRoom | null> {
  try {
    return await request<ChatRoom>('/api/chat/room/find', { method: 'POST', loader: false });
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}
