/** The chat feature's public entry: what other features may import (eslint.config.js). */
export { fetchMessagesAfter } from './api/fetch-messages';
export { listRooms } from './api/list-rooms';
export { ChatConversation } from './ChatConversation';
export { closeEcho, getEcho } from './echo';
export { MessageTime } from './MessageTime';
export { useChatActor } from './use-chat';
