import { sql } from 'kysely';
import {
  ADMIN_CHATS_CHANNEL,
  type AdminRoom,
  type ChatMessage,
  type ChatRoom,
  type ChatSide,
  chatChannel,
  DEFAULT_AGENT_NAME,
  MESSAGE_FETCH_EVENT,
  MESSAGE_NEW_EVENT,
  RESYNC_PAGE,
  ROOM_AGENT_EVENT,
  ROOM_READ_EVENT,
  ROOM_UPDATED_EVENT,
} from '../../contract/chat.ts';
import { holdsRole } from '../../contract/user.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { dataBytes, MAX_DATA_BYTES } from '../realtime/protocol.ts';
import type { Clock } from './clock.ts';
import type { UserRecord } from './users.ts';

/** Pusher channel names carry the `private-` prefix that Echo adds on the browser side. */
export const roomChannel = (roomId: number) => `private-${chatChannel(roomId)}`;
export const adminChannel = `private-${ADMIN_CHATS_CHANNEL}`;
const ADMIN_LIST_LIMIT = 200;

export interface RoomRecord {
  id: number;
  user_id: number;
  name: string;
  agent_name: string;
  client_read_id: number;
  staff_read_id: number;
  last_message_id: number | null;
}

export const isStaff = (user: Pick<UserRecord, 'roles'>) => holdsRole(user.roles, 'admin');

/** Who may open a room: its client, or staff. */
export const mayAccess = (user: Pick<UserRecord, 'id' | 'roles'>, room: Pick<RoomRecord, 'user_id'>) =>
  isStaff(user) || room.user_id === user.id;

export interface ChatService {
  roomById(id: number): Promise<RoomRecord | undefined>;
  roomOfClient(userId: number): Promise<RoomRecord | undefined>;
  /** The room with every message and the viewer's unread count (the seed's `find`). */
  roomBody(room: RoomRecord, side: ChatSide): Promise<ChatRoom>;
  /** The client's room, created when it has none; `created` tells which. */
  openRoom(client: { id: number; name: string }, agentName?: string): Promise<{ room: RoomRecord; created: boolean }>;
  /**
   * Stores the message, then broadcasts it as `message.new` to the room (except the sender's
   * socket; `message.fetch` with its id when it is too big for a live event) and the room's
   * new summary to the staff. A failed broadcast is logged, never undone: the message is
   * stored and clients fetch it on their next resync. A `clientId` the author already used in
   * the room stores nothing: the answer is the stored message, with `repeated`.
   */
  post(
    room: RoomRecord,
    author: { id: number; name: string; staff: boolean } | null,
    text: string,
    options?: { exceptSocketId?: string | undefined; clientId?: string | undefined },
  ): Promise<PostResult>;
  /** Messages with an id greater than `afterId`, oldest first, at most RESYNC_PAGE. */
  messagesAfter(roomId: number, afterId: number): Promise<ChatMessage[]>;
  /** Moves a side's read marker forward (never back, never past the last message). */
  markRead(room: RoomRecord, side: ChatSide, lastReadId: number): Promise<void>;
  /** The administration's list: newest activity first, optionally filtered by name or e-mail. */
  listRooms(search?: string): Promise<AdminRoom[]>;
  /**
   * For other features (a service request, a calendar change): posts `text` into the client's
   * room as the system, on the staff's side, creating the room when needed.
   */
  postSystemMessage(clientUserId: number, text: string): Promise<ChatMessage>;
}

export interface PostResult {
  message: ChatMessage;
  /** The client id was used before: nothing new was stored. */
  repeated: boolean;
}

export interface ChatServiceDeps {
  db: Db;
  clock: Clock;
  broadcaster: Broadcaster;
  log?: { error(obj: object, msg: string): void };
}

const ROOM_COLUMNS = ['id', 'user_id', 'name', 'agent_name', 'client_read_id', 'staff_read_id', 'last_message_id'] as const;
const MESSAGE_COLUMNS = ['id', 'message', 'user_id', 'created_at', 'client_id'] as const;
/** The admin list's preview of a message too big for a live event: its start is enough. */
const PREVIEW_CHARS = 200;

export function createChatService({ db, clock, broadcaster, log }: ChatServiceDeps): ChatService {
  const roomById = (id: number) => db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('id', '=', id).executeTakeFirst();
  const roomOfClient = (userId: number) =>
    db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('user_id', '=', userId).executeTakeFirst();

  async function unreadFor(room: RoomRecord, side: ChatSide): Promise<number> {
    let query = db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('room_id', '=', room.id);
    query =
      side === 'client'
        ? query.where('id', '>', room.client_read_id).where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', room.user_id)]))
        : query.where('id', '>', room.staff_read_id).where('user_id', '=', room.user_id);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function publish(channel: string, event: string, data: unknown, exceptSocketId?: string): Promise<void> {
    try {
      await broadcaster.publish(channel, event, data, { exceptSocketId });
    } catch (err) {
      log?.error({ err, channel, event }, 'realtime: broadcast failed');
    }
  }

  function adminQuery() {
    return db
      .selectFrom('chat_rooms as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('chat_messages as m', 'm.id', 'r.last_message_id')
      .select([
        'r.id',
        'r.name',
        'r.agent_name',
        'r.user_id',
        'r.last_activity_at',
        'u.first_name',
        'u.second_name',
        'u.email',
        'm.id as message_id',
        'm.message',
        'm.user_id as message_user_id',
        'm.created_at as message_created_at',
        'm.client_id as message_client_id',
      ])
      .select((eb) =>
        eb
          .selectFrom('chat_messages as c')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('c.room_id', '=', 'r.id')
          .whereRef('c.user_id', '=', 'r.user_id')
          .whereRef('c.id', '>', 'r.staff_read_id')
          .as('unread_count'),
      );
  }

  type AdminRow = Awaited<ReturnType<ReturnType<typeof adminQuery>['executeTakeFirstOrThrow']>>;
  const toAdminRoom = (row: AdminRow): AdminRoom => ({
    id: row.id,
    name: row.name,
    agent_name: row.agent_name,
    user_id: row.user_id,
    client: { id: row.user_id, first_name: row.first_name, second_name: row.second_name, email: row.email },
    last_message:
      row.message_id === null
        ? null
        : {
            id: row.message_id,
            message: row.message!,
            user_id: row.message_user_id,
            created_at: row.message_created_at!,
            client_id: row.message_client_id ?? null,
          },
    last_activity_at: row.last_activity_at,
    unread_count: Number(row.unread_count ?? 0),
  });

  async function announceToStaff(roomId: number): Promise<void> {
    const row = await adminQuery().where('r.id', '=', roomId).executeTakeFirst();
    if (!row) return;
    let room = toAdminRoom(row);
    if (room.last_message && dataBytes({ room }) > MAX_DATA_BYTES) {
      room = { ...room, last_message: { ...room.last_message, message: room.last_message.message.slice(0, PREVIEW_CHARS) } };
    }
    await publish(adminChannel, ROOM_UPDATED_EVENT, { room });
  }

  const storedByClientId = (roomId: number, userId: number, clientId: string) =>
    db
      .selectFrom('chat_messages')
      .select(MESSAGE_COLUMNS)
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();

  /** `message.new` with the message, or `message.fetch` with its id when the message is too big to travel live. */
  async function announceMessage(roomId: number, message: ChatMessage, exceptSocketId: string | undefined): Promise<void> {
    const data = { chatMessage: message };
    if (dataBytes(data) <= MAX_DATA_BYTES) await publish(roomChannel(roomId), MESSAGE_NEW_EVENT, data, exceptSocketId);
    else await publish(roomChannel(roomId), MESSAGE_FETCH_EVENT, { id: message.id }, exceptSocketId);
  }

  async function post(
    room: RoomRecord,
    author: { id: number; name: string; staff: boolean } | null,
    text: string,
    { exceptSocketId, clientId }: { exceptSocketId?: string | undefined; clientId?: string | undefined } = {},
  ): Promise<PostResult> {
    const key = author && clientId ? { userId: author.id, clientId } : null;
    if (key) {
      const stored = await storedByClientId(room.id, key.userId, key.clientId);
      if (stored) return { message: stored, repeated: true };
    }
    const now = clock().toISOString();
    const staffSide = author === null || author.staff;
    // The first staff member to answer becomes the client's manager by name.
    const agentName = author?.staff && room.agent_name === DEFAULT_AGENT_NAME ? author.name : null;
    let message: ChatMessage;
    try {
      message = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('chat_messages')
          .values({ room_id: room.id, user_id: author?.id ?? null, message: text, created_at: now, client_id: key?.clientId ?? null })
          .returning(MESSAGE_COLUMNS)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('chat_rooms')
          .set({
            last_message_id: inserted.id,
            last_activity_at: now,
            updated_at: now,
            // Writing is reading: the author's side has seen everything up to its own message.
            ...(staffSide ? { staff_read_id: inserted.id } : { client_read_id: inserted.id }),
            ...(agentName ? { agent_name: agentName } : {}),
          })
          .where('id', '=', room.id)
          .execute();
        return inserted;
      });
    } catch (error) {
      // The same send arrived twice at once: the other one stored it.
      if (key && isUniqueViolation(error)) {
        const stored = await storedByClientId(room.id, key.userId, key.clientId);
        if (stored) return { message: stored, repeated: true };
      }
      throw error;
    }
    await announceMessage(room.id, message, exceptSocketId);
    if (agentName) await publish(roomChannel(room.id), ROOM_AGENT_EVENT, { agent_name: agentName });
    await announceToStaff(room.id);
    return { message, repeated: false };
  }

  async function openRoom(client: { id: number; name: string }, agentName = DEFAULT_AGENT_NAME) {
    const existing = await roomOfClient(client.id);
    if (existing) return { room: existing, created: false };
    const now = clock().toISOString();
    try {
      const room = await db
        .insertInto('chat_rooms')
        .values({ user_id: client.id, name: client.name, agent_name: agentName, last_activity_at: now, created_at: now, updated_at: now })
        .returning(ROOM_COLUMNS)
        .executeTakeFirstOrThrow();
      await announceToStaff(room.id);
      return { room, created: true };
    } catch (error) {
      // Two tabs opened the chat at once: the other one created it.
      if (isUniqueViolation(error)) return { room: (await roomOfClient(client.id))!, created: false };
      throw error;
    }
  }

  return {
    roomById,
    roomOfClient,

    async roomBody(room, side) {
      const messages = await db.selectFrom('chat_messages').select(MESSAGE_COLUMNS).where('room_id', '=', room.id).orderBy('id').execute();
      return {
        id: room.id,
        name: room.name,
        agent_name: room.agent_name,
        user_id: room.user_id,
        message_all: messages,
        unread_count: await unreadFor(room, side),
      };
    },

    openRoom,
    post,

    messagesAfter: (roomId, afterId) =>
      db
        .selectFrom('chat_messages')
        .select(MESSAGE_COLUMNS)
        .where('room_id', '=', roomId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(RESYNC_PAGE)
        .execute(),

    async markRead(room, side, lastReadId) {
      const column = side === 'client' ? 'client_read_id' : 'staff_read_id';
      const upTo = Math.min(lastReadId, room.last_message_id ?? 0);
      if (upTo <= room[column]) return;
      await db.updateTable('chat_rooms').set({ [column]: upTo }).where('id', '=', room.id).where(column, '<', upTo).execute();
      await publish(roomChannel(room.id), ROOM_READ_EVENT, { side, last_read_id: upTo });
      await announceToStaff(room.id);
    },

    async listRooms(search) {
      let query = adminQuery();
      const term = search?.trim().toLowerCase();
      if (term) {
        const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<boolean>`(lower(u.first_name || ' ' || u.second_name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\')`,
        );
      }
      const rows = await query.orderBy('r.last_activity_at', 'desc').orderBy('r.id', 'desc').limit(ADMIN_LIST_LIMIT).execute();
      return rows.map(toAdminRoom);
    },

    async postSystemMessage(clientUserId, text) {
      const client = await db.selectFrom('users').select(['id', 'first_name', 'second_name']).where('id', '=', clientUserId).executeTakeFirst();
      if (!client) throw new Error(`No user ${clientUserId}`);
      const { room } = await openRoom({ id: client.id, name: `${client.first_name} ${client.second_name}`.trim() });
      return (await post(room, null, text)).message;
    },
  };
}
