import { dialectOf } from '../db/dialect.ts';
import { sql } from 'kysely';
import {
  ADMIN_CHATS_CHANNEL,
  type AdminRoom,
  type ChatAttachment,
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
  type RoomStatus,
} from '../../contract/chat.ts';
import { holdsRole } from '../../contract/user.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import { precompiled } from '../db/precompiled.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { dataBytes, MAX_DATA_BYTES } from '../realtime/protocol.ts';
import type { Timeline } from '../../contract/lifecycle.ts';
import type { Clock } from './clock.ts';
import type { Lifecycles, RecordedKind } from './lifecycle.ts';
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
  status: RoomStatus;
  assignee_id: number | null;
}

/** A file already written to the document storage, to be recorded with its message. */
export interface StoredAttachment {
  storageName: string;
  originalName: string;
  mimeType: ChatAttachment['mime_type'];
  size: number;
}

/** Where a chat file is, and whose room it belongs to (the download check). */
export interface AttachmentLocation {
  roomUserId: number;
  storageName: string;
  fileName: string;
  mimeType: string;
  size: number;
}

export type ClaimResult = { ok: true; room: AdminRoom } | { ok: false; holder: string };

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
    options?: PostOptions,
  ): Promise<PostResult>;
  /** Messages with an id greater than `afterId`, oldest first, at most RESYNC_PAGE. */
  messagesAfter(roomId: number, afterId: number): Promise<ChatMessage[]>;
  /** Moves a side's read marker forward (never back, never past the last message). */
  markRead(room: RoomRecord, side: ChatSide, lastReadId: number): Promise<void>;
  /** The administration's list: newest activity first, optionally filtered by name or e-mail and by status. */
  listRooms(search?: string, status?: RoomStatus): Promise<AdminRoom[]>;
  adminRoom(roomId: number): Promise<AdminRoom | undefined>;
  /** Sends the room's summary to the staff again (its client came or went). */
  announceRoom(roomId: number): Promise<void>;
  /**
   * Staff claim a room: compare-and-set on the assignee, so of two claims at once exactly one
   * wins; the other learns who holds it. Claiming a room one already holds succeeds.
   */
  claim(roomId: number, staffId: number): Promise<ClaimResult>;
  /** The holder gives a room back; anyone else's release changes nothing. */
  release(roomId: number, staffId: number): Promise<AdminRoom>;
  /** `staffId`: who changed it, recorded on the room's timeline. */
  setStatus(roomId: number, status: RoomStatus, staffId?: number): Promise<AdminRoom>;
  /** The room's recorded staff steps (claims, releases, resolving), oldest first. */
  timeline(roomId: number): Promise<Timeline>;
  locateAttachment(id: number): Promise<AttachmentLocation | undefined>;
  /**
   * For other features (a service request, a calendar change): posts `text` into the client's
   * room as the system, on the staff's side, creating the room when needed.
   */
  postSystemMessage(clientUserId: number, text: string): Promise<ChatMessage>;
}

export interface PostOptions {
  exceptSocketId?: string | undefined;
  clientId?: string | undefined;
  /** A file the message carries (stored first; recorded with the message in one transaction). */
  attachment?: StoredAttachment | undefined;
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
  /** Records claims, releases and status changes on the room's timeline (docs/adr/0087); without it, nothing is recorded. */
  lifecycles?: Pick<Lifecycles, 'note' | 'timeline'>;
  log?: { error(obj: object, msg: string): void };
}

const ROOM_COLUMNS = ['id', 'user_id', 'name', 'agent_name', 'client_read_id', 'staff_read_id', 'last_message_id', 'status', 'assignee_id'] as const;
const MESSAGE_COLUMNS = [
  'm.id',
  'm.message',
  'm.user_id',
  'm.created_at',
  'm.client_id',
  'f.id as attachment_id',
  'f.original_name as attachment_name',
  'f.mime_type as attachment_type',
  'f.size as attachment_size',
] as const;

interface MessageRow {
  id: number;
  message: string;
  user_id: number | null;
  created_at: string;
  client_id: string | null;
  attachment_id: number | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    message: row.message,
    user_id: row.user_id,
    created_at: row.created_at,
    client_id: row.client_id ?? null,
    attachment:
      row.attachment_id === null
        ? null
        : { id: row.attachment_id, file_name: row.attachment_name!, mime_type: row.attachment_type as ChatAttachment['mime_type'], size: Number(row.attachment_size) },
  };
}
/** The admin list's preview of a message too big for a live event: its start is enough. */
const PREVIEW_CHARS = 200;

/** Chat rooms have no machine: their timeline holds the staff's steps that keep the status, and its changes. */
export const CHAT_ROOM_STEPS = { kind: 'chat_room', table: 'chat_rooms', column: 'status' } satisfies RecordedKind;

export function createChatService({ db, clock, broadcaster, log, lifecycles }: ChatServiceDeps): ChatService {
  const sqlite = dialectOf(db) === 'sqlite';
  const staffName = async (id: number) => {
    const user = await db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', id).executeTakeFirst();
    return user ? `${user.first_name} ${user.second_name}`.trim() : null;
  };
  const note = async (roomId: number, staffId: number, event: string, reason: string | null = null) => {
    await lifecycles?.note(db, CHAT_ROOM_STEPS, roomId, { event, actor: { id: staffId, role: 'staff' }, reason });
  };
  const roomById = (id: number) => db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('id', '=', id).executeTakeFirst();
  const roomOfClient = (userId: number) =>
    db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  const messages = () => db.selectFrom('chat_messages as m').leftJoin('chat_attachments as f', 'f.message_id', 'm.id').select(MESSAGE_COLUMNS);

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

  /** The rooms to summarise: every room (narrowed by the caller's where), or the chosen few. */
  const allRooms = () => db.selectFrom('chat_rooms as fr').selectAll('fr');
  /**
   * The staff's room summaries, over `rooms`: a list chooses its 200 rooms there first, by the
   * activity index or a search's match on the rooms' own copies of their client's name and e-mail,
   * so that the rest of the summary (the client too) is looked up for those only, by key. Joined
   * before the cut, the users were read for every candidate (a thousand for a common name), and
   * PostgreSQL hashed the whole table for them (0101, 0105).
   */
  function adminQuery(rooms: ReturnType<typeof allRooms> = allRooms()) {
    const chosen = db.selectFrom(rooms.as('r'));
    const joinClients = () => chosen.innerJoin('users as fu', 'fu.id', 'r.user_id');
    // PostgreSQL hashes the whole users table for a plain join even of 200 rooms; a lateral
    // `limit 1` looks each client up by key (same rows and columns, hence the cast).
    const withClients: ReturnType<typeof joinClients> = sqlite
      ? joinClients()
      : (chosen.innerJoinLateral(
          (eb) => eb.selectFrom('users as u').select(['u.first_name', 'u.second_name', 'u.email', 'u.last_seen_at']).whereRef('u.id', '=', 'r.user_id').limit(1).as('fu'),
          (join) => join.onTrue(),
        ) as unknown as ReturnType<typeof joinClients>);
    return withClients
      .leftJoin('chat_messages as m', 'm.id', 'r.last_message_id')
      .leftJoin('chat_attachments as f', 'f.message_id', 'r.last_message_id')
      .select([
        'r.id',
        'r.name',
        'r.agent_name',
        'r.user_id',
        'r.last_activity_at',
        'r.status',
        'r.assignee_id',
        'f.id as attachment_id',
        'f.original_name as attachment_name',
        'f.mime_type as attachment_type',
        'f.size as attachment_size',
        'fu.first_name',
        'fu.second_name',
        'fu.email',
        'm.id as message_id',
        'm.message',
        'm.user_id as message_user_id',
        'm.created_at as message_created_at',
        'm.client_id as message_client_id',
        'fu.last_seen_at',
        'r.client_read_id',
      ])
      // The assignee by key (most rooms have none).
      .select((eb) => eb.selectFrom('users as s').select('s.first_name').whereRef('s.id', '=', 'r.assignee_id').as('assignee_first_name'))
      .select((eb) => eb.selectFrom('users as s').select('s.second_name').whereRef('s.id', '=', 'r.assignee_id').as('assignee_second_name'))
      // Online: the client is in a presence channel now (recorded from the hub's webhooks).
      .select((eb) =>
        eb
          .selectFrom('presence_members as p')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('p.user_id', '=', 'r.user_id')
          .as('presence_count'),
      )
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

  /**
   * The staff's list, newest activity first, at most 200: one statement compiled once per shape
   * (with or without a status; a search with or without SQLite's index), not built again for each
   * request (the summary's joins and subqueries cost Kysely more to compile than the database to answer).
   */
  const listShapes = new Map<string, ReturnType<typeof listShape>>();
  const listShape = (withStatus: boolean, search: null | { indexed: boolean }) =>
    precompiled(db, ['status', 'pattern', 'match'], (v) => {
      let rooms = allRooms();
      if (withStatus) rooms = rooms.where('fr.status', '=', v.status as RoomStatus);
      if (search) {
        // The LIKE decides on both databases, over the copies each room keeps of its client's name and
        // e-mail, lower-cased alike (Cyrillic too), kept by triggers (0034 on PostgreSQL, 0035 on
        // SQLite; docs/adr/0101, 0105): the rooms are found, sorted and cut without reading the users.
        // PostgreSQL answers it from its trigram indexes. SQLite has no index for a LIKE inside a
        // text: its FTS5 trigram index over the users (0029) names the candidates first (three
        // characters at least: a shorter term reads every room, as it always did).
        rooms = rooms
          .$if(search.indexed, (q) => q.where(sql<boolean>`fr.user_id in (select rowid from users_search where users_search match ${v.match})`))
          .where(sql<boolean>`(fr.client_name like ${v.pattern} escape '\\' or fr.client_email like ${v.pattern} escape '\\')`);
      }
      rooms = rooms.orderBy('fr.last_activity_at', 'desc').orderBy('fr.id', 'desc').limit(ADMIN_LIST_LIMIT);
      return adminQuery(rooms).orderBy('r.last_activity_at', 'desc').orderBy('r.id', 'desc');
    });
  const shapeOf = (withStatus: boolean, search: null | { indexed: boolean }) => {
    const key = `${withStatus}|${search ? search.indexed : 'all'}`;
    let shape = listShapes.get(key);
    if (!shape) listShapes.set(key, (shape = listShape(withStatus, search)));
    return shape;
  };
  const listedRooms = (withStatus: boolean) => shapeOf(withStatus, null);
  const foundRooms = (withStatus: boolean, indexed: boolean) => shapeOf(withStatus, { indexed });
  const toAdminRoom = (row: AdminRow): AdminRoom => ({
    id: row.id,
    name: row.name,
    agent_name: row.agent_name,
    user_id: row.user_id,
    client: { id: row.user_id, first_name: row.first_name, second_name: row.second_name, email: row.email },
    last_message:
      row.message_id === null
        ? null
        : toMessage({
            id: row.message_id,
            message: row.message!,
            user_id: row.message_user_id,
            created_at: row.message_created_at!,
            client_id: row.message_client_id,
            attachment_id: row.attachment_id,
            attachment_name: row.attachment_name,
            attachment_type: row.attachment_type,
            attachment_size: row.attachment_size,
          }),
    last_activity_at: row.last_activity_at,
    unread_count: Number(row.unread_count ?? 0),
    client_read_id: row.client_read_id,
    client_presence: { online: Number(row.presence_count ?? 0) > 0, last_seen_at: row.last_seen_at },
    status: row.status,
    assignee:
      row.assignee_id === null ? null : { id: row.assignee_id, name: `${row.assignee_first_name ?? ''} ${row.assignee_second_name ?? ''}`.trim() },
  });

  const adminRoom = async (roomId: number) => {
    const row = await adminQuery().where('r.id', '=', roomId).executeTakeFirst();
    return row && toAdminRoom(row);
  };

  async function announceToStaff(roomId: number): Promise<void> {
    let room = await adminRoom(roomId);
    if (!room) return;
    if (room.last_message && dataBytes({ room }) > MAX_DATA_BYTES) {
      room = { ...room, last_message: { ...room.last_message, message: room.last_message.message.slice(0, PREVIEW_CHARS) } };
    }
    await publish(adminChannel, ROOM_UPDATED_EVENT, { room });
  }

  const storedByClientId = async (roomId: number, userId: number, clientId: string) => {
    const row = await messages().where('m.room_id', '=', roomId).where('m.user_id', '=', userId).where('m.client_id', '=', clientId).executeTakeFirst();
    return row && toMessage(row);
  };

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
    { exceptSocketId, clientId, attachment }: PostOptions = {},
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
          .returning(['id', 'message', 'user_id', 'created_at', 'client_id'])
          .executeTakeFirstOrThrow();
        let file: ChatAttachment | null = null;
        if (attachment) {
          const { id } = await trx
            .insertInto('chat_attachments')
            .values({
              message_id: inserted.id,
              room_id: room.id,
              original_name: attachment.originalName,
              mime_type: attachment.mimeType,
              size: attachment.size,
              storage_name: attachment.storageName,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          file = { id, file_name: attachment.originalName, mime_type: attachment.mimeType, size: attachment.size };
        }
        await trx
          .updateTable('chat_rooms')
          .set({
            last_message_id: inserted.id,
            last_activity_at: now,
            updated_at: now,
            // Writing is reading: the author's side has seen everything up to its own message.
            ...(staffSide ? { staff_read_id: inserted.id } : { client_read_id: inserted.id }),
            ...(agentName ? { agent_name: agentName } : {}),
            // A client writing again reopens a resolved conversation.
            ...(staffSide ? {} : { status: 'open' as const }),
          })
          .where('id', '=', room.id)
          .execute();
        return { ...inserted, client_id: inserted.client_id ?? null, attachment: file };
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
      const rows = await messages().where('m.room_id', '=', room.id).orderBy('m.id').execute();
      return {
        id: room.id,
        name: room.name,
        agent_name: room.agent_name,
        user_id: room.user_id,
        message_all: rows.map(toMessage),
        unread_count: await unreadFor(room, side),
        other_read_id: side === 'client' ? room.staff_read_id : room.client_read_id,
      };
    },

    openRoom,
    post,

    messagesAfter: async (roomId, afterId) =>
      (await messages().where('m.room_id', '=', roomId).where('m.id', '>', afterId).orderBy('m.id').limit(RESYNC_PAGE).execute()).map(toMessage),

    async markRead(room, side, lastReadId) {
      const column = side === 'client' ? 'client_read_id' : 'staff_read_id';
      const upTo = Math.min(lastReadId, room.last_message_id ?? 0);
      if (upTo <= room[column]) return;
      await db.updateTable('chat_rooms').set({ [column]: upTo }).where('id', '=', room.id).where(column, '<', upTo).execute();
      await publish(roomChannel(room.id), ROOM_READ_EVENT, { side, last_read_id: upTo });
      await announceToStaff(room.id);
    },

    async listRooms(search, status) {
      const term = search?.trim().toLowerCase();
      if (!term) return (await listedRooms(status !== undefined)({ status })).rows.map(toAdminRoom);
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const indexed = sqlite && [...term].length >= 3;
      const { rows } = await foundRooms(status !== undefined, indexed)({ status, pattern, match: `"${term.replaceAll('"', '""')}"` });
      return rows.map(toAdminRoom);
    },

    adminRoom,
    announceRoom: announceToStaff,

    async claim(roomId, staffId) {
      const before = await roomById(roomId);
      const result = await db
        .updateTable('chat_rooms')
        .set({ assignee_id: staffId })
        .where('id', '=', roomId)
        .where((eb) => eb.or([eb('assignee_id', 'is', null), eb('assignee_id', '=', staffId)]))
        .executeTakeFirst();
      const room = await adminRoom(roomId);
      if (!room) throw new Error(`No room ${roomId}`);
      if (Number(result.numUpdatedRows) === 0) return { ok: false, holder: room.assignee?.name ?? '' };
      if (before?.assignee_id !== staffId) await note(roomId, staffId, 'staff.claim', await staffName(staffId));
      await announceToStaff(roomId);
      return { ok: true, room };
    },

    async release(roomId, staffId) {
      const released = await db.updateTable('chat_rooms').set({ assignee_id: null }).where('id', '=', roomId).where('assignee_id', '=', staffId).executeTakeFirst();
      if (Number(released.numUpdatedRows) > 0) await note(roomId, staffId, 'staff.release', await staffName(staffId));
      await announceToStaff(roomId);
      return (await adminRoom(roomId))!;
    },

    async setStatus(roomId, status, staffId) {
      const changed = await db
        .updateTable('chat_rooms')
        .set({ status, updated_at: clock().toISOString() })
        .where('id', '=', roomId)
        .where('status', '!=', status)
        .executeTakeFirst();
      if (staffId !== undefined && Number(changed.numUpdatedRows) > 0) await note(roomId, staffId, status === 'resolved' ? 'staff.resolve' : 'staff.reopen');
      await announceToStaff(roomId);
      return (await adminRoom(roomId))!;
    },

    async timeline(roomId) {
      if (!lifecycles) return { kind: 'chat_room', id: roomId, state: (await roomById(roomId))?.status ?? 'open', expected_at: null, steps: [] };
      return lifecycles.timeline(db, CHAT_ROOM_STEPS, roomId);
    },

    async locateAttachment(id) {
      const row = await db
        .selectFrom('chat_attachments as f')
        .innerJoin('chat_rooms as r', 'r.id', 'f.room_id')
        .select(['r.user_id', 'f.storage_name', 'f.original_name', 'f.mime_type', 'f.size'])
        .where('f.id', '=', id)
        .executeTakeFirst();
      return row && { roomUserId: row.user_id, storageName: row.storage_name, fileName: row.original_name, mimeType: row.mime_type, size: Number(row.size) };
    },

    async postSystemMessage(clientUserId, text) {
      const client = await db.selectFrom('users').select(['id', 'first_name', 'second_name']).where('id', '=', clientUserId).executeTakeFirst();
      if (!client) throw new Error(`No user ${clientUserId}`);
      const { room } = await openRoom({ id: client.id, name: `${client.first_name} ${client.second_name}`.trim() });
      return (await post(room, null, text)).message;
    },
  };
}
