import type { ChatRoom } from '../../../../contract/chat';
import { DEFAULT_AGENT_NAME } from '../../../../contract/chat';
import type { User } from '../../../../contract/user';
import { request } from '../../../lib/http';

/** POST /api/chat/room, with the seed's payload (the server takes the owner from the token). */
export function createRoom(user: Pick<User, 'id' | 'first_name' | 'second_name'>): Promise<ChatRoom> {
  return request<ChatRoom>('/api/chat/room', {
    method: 'POST',
    body: { name: `${user.first_name} ${user.second_name}`.trim(), agent_name: DEFAULT_AGENT_NAME, user_id: user.id },
    loader: false,
  });
}
