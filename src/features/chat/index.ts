/** The chat feature's public entry: what other features may import (eslint.config.js). */
export { fetchMessagesAfter } from './api/fetch-messages';
export { adminRoomsKeys, adminRoomsQuery, listRooms, type RoomFilter } from './api/list-rooms';
export { ChatConversation } from './ChatConversation';
export { MessageTime } from './MessageTime';
export { useChatActor } from './use-chat';
export { ClientPresence } from './ClientPresence';
