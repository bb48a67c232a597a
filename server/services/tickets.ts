import { join } from 'node:path';
import { sql } from 'kysely';
import {
  type AdminTicket,
  type AdminTicketSummary,
  type Ticket,
  TICKET_AGE_HOURS,
  type TicketAge,
  type TicketAttachment,
  type TicketCategory,
  type TicketMessage,
  type TicketMimeType,
  ticketNumber,
  type TicketStaffMember,
  type TicketStatus,
  type TicketSummary,
} from '../../contract/tickets.ts';
import { reopenUntil, type TicketEvent as LifecycleEvent, TICKET_EVENT_ROLES, ticketMachine } from '../../machines/ticket/ticket.machine.ts';
import { nextStatus, ticketSnapshot } from '../../machines/ticket/ticket.selectors.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { type LifecycleActor, type LifecycleDefinition, type Lifecycles, TransitionRefused } from './lifecycle.ts';
import type { StoredFile } from './verification.ts';

/** A stored upload with its detected type and the client's name for it. */
export type TicketFile = StoredFile & { mimeType: TicketMimeType; originalName: string };

/** Why a step was refused: the route answers 404, 403 or 409 with a translated message. */
export type TicketRefusal =
  | 'not-found'
  | 'not-allowed'
  /** The machine refuses the step in the ticket's status. */
  | 'illegal'
  | 'reopen-expired'
  | 'already-rated'
  /** Another change landed between the read and the write (a concurrent transition). */
  | 'conflict'
  | 'already-claimed'
  | 'not-staff';

export class TicketRefused extends Error {
  override name = 'TicketRefused';
  constructor(
    readonly reason: TicketRefusal,
    /** The handler who holds the ticket, for `already-claimed`. */
    readonly holder?: string,
  ) {
    super(reason);
  }
}

export interface TicketQueueFilters {
  status?: TicketStatus | undefined;
  category?: TicketCategory | undefined;
  /** A staff id, or `none` for unassigned tickets, or `me` resolved by the route. */
  assignee?: number | 'none' | undefined;
  /** Older than this. */
  age?: TicketAge | undefined;
}

/**
 * Called after a step others should hear of: the client on a staff reply or a status change,
 * staff on a new ticket (services/ticket-notices.ts turns it into notifications). Its failure is
 * logged, never reported: the ticket is already stored.
 */
export type TicketNotify = (event: TicketNotice) => Promise<void>;
export type TicketNotice =
  | { type: 'ticket.created'; ticket: TicketSummary; clientId: number; clientName: string }
  /**
   * `from`: the staff member's name as the client reads it; `body`: the answer; `source`: where
   * the ticket came from (a `chat` ticket's answer is mailed in full, docs/adr/0087).
   */
  | { type: 'ticket.staff_replied'; ticket: TicketSummary; clientId: number; from: string; body: string; source: string }
  | { type: 'ticket.status_changed'; ticket: TicketSummary; clientId: number; from: TicketStatus; by: 'client' | 'staff' };

export type ClientStep = { type: 'client.reopen' } | { type: 'client.rate'; score: number; comment: string | null };
export type StaffStatusEvent = 'staff.await_client' | 'staff.await_staff' | 'staff.resolve' | 'staff.reopen' | 'staff.close';

export interface TicketService {
  create(input: {
    userId: number;
    category: TicketCategory;
    subject: string;
    message: string;
    files: TicketFile[];
    source?: 'client' | 'service_request' | 'chat';
    serviceRequestId?: number | null;
  }): Promise<Ticket>;
  listOf(userId: number): Promise<TicketSummary[]>;
  /** The client's view: no internal notes. Throws `not-found` for another client's ticket. */
  forClient(userId: number, id: number): Promise<Ticket>;
  forStaff(id: number): Promise<AdminTicket>;
  queue(filters: TicketQueueFilters): Promise<AdminTicketSummary[]>;
  staff(): Promise<TicketStaffMember[]>;
  reply(input: { userId: number; id: number; body: string; files: TicketFile[] }): Promise<Ticket>;
  staffReply(input: { staffId: number; id: number; body: string; internal: boolean; files: TicketFile[] }): Promise<AdminTicket>;
  /** A lifecycle step by the client: reopen, or rate with a comment. */
  clientStep(userId: number, id: number, step: ClientStep): Promise<Ticket>;
  /** A lifecycle step by staff that is not a reply: resolve, reopen, close, mark as waiting. */
  staffStep(staffId: number, id: number, type: StaffStatusEvent): Promise<AdminTicket>;
  /** Takes an unassigned ticket; exactly one of two staff claiming at once wins. */
  claim(staffId: number, id: number): Promise<AdminTicket>;
  assign(staffId: number, id: number, assigneeId: number | null): Promise<AdminTicket>;
  /**
   * A client's chat message written while nobody from support was online (docs/adr/0087): the
   * first becomes a ticket of its own (category `other`), later ones join that ticket while it is
   * unresolved. Idempotent on the chat message: a message already copied changes nothing.
   */
  fromChat(input: { userId: number; roomId: number; chatMessageId: number; text: string; subject: string; files?: TicketFile[] }): Promise<ChatTicket>;
  /** The room's unresolved chat ticket, if any. */
  chatTicketOf(roomId: number): Promise<TicketSummary | null>;
  /** Where an attachment's file is, if `viewer` may read it (a client: their ticket, not a note's). */
  locateAttachment(
    viewer: { id: number; staff: boolean },
    ticketId: number,
    attachmentId: number,
  ): Promise<{ path: string; fileName: string; mimeType: string; size: number } | undefined>;
}

/** What `fromChat` did: `created` a new ticket, `added` the message to the room's ticket, or nothing (`already`: copied before). */
export interface ChatTicket {
  ticket: TicketSummary;
  outcome: 'created' | 'added' | 'already';
}

/** The ticket's lifecycle (docs/adr/0082): its machine decides, `tickets.status` holds the state. */
export const TICKET_LIFECYCLE = { kind: 'ticket', machine: ticketMachine, table: 'tickets', column: 'status' } satisfies LifecycleDefinition;

/** Most rows the staff queue answers at once. */
export const TICKET_QUEUE_LIMIT = 200;

type TicketRow = {
  id: number;
  user_id: number;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
  version: number;
  assignee_id: number | null;
  created_at: string;
  updated_at: string;
  first_response_at: string | null;
  resolved_at: string | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: string | null;
  rated: number;
  source: string;
  handler_first: string | null;
  handler_second: string | null;
};

/** A new ticket's row: open, unassigned, unanswered and unrated. */
function newTicketRow(t: { userId: number; category: TicketCategory; subject: string; source: string; serviceRequestId?: number | null; chatRoomId?: number | null; at: string }) {
  return {
    user_id: t.userId,
    category: t.category,
    subject: t.subject,
    status: 'open' as const,
    source: t.source,
    service_request_id: t.serviceRequestId ?? null,
    chat_room_id: t.chatRoomId ?? null,
    assignee_id: null,
    created_at: t.at,
    updated_at: t.at,
    first_response_at: null,
    resolved_at: null,
    closed_at: null,
    rating: null,
    rating_comment: null,
    rated_at: null,
  };
}

const fullName = (first: string | null, second: string | null) => [first, second].filter(Boolean).join(' ');
const seconds = (from: string, to: string | null) => (to === null ? null : Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)));

export function createTicketService({
  db,
  clock,
  lifecycles,
  uploadDir,
  notify = async () => {},
  onNotifyError = () => {},
}: {
  db: Db;
  clock: Clock;
  lifecycles: Lifecycles;
  /** Attachments are stored as identity documents are (services/verification.ts `store`), in the same directory. */
  uploadDir: string;
  notify?: TicketNotify;
  onNotifyError?: (error: unknown) => void;
}): TicketService {
  const now = () => clock().toISOString();

  const rows = () =>
    db
      .selectFrom('tickets')
      .leftJoin('users as handler', 'handler.id', 'tickets.assignee_id')
      .select([
        'tickets.id',
        'tickets.user_id',
        'tickets.category',
        'tickets.subject',
        'tickets.status',
        'tickets.version',
        'tickets.assignee_id',
        'tickets.created_at',
        'tickets.updated_at',
        'tickets.first_response_at',
        'tickets.resolved_at',
        'tickets.rating',
        'tickets.rating_comment',
        'tickets.rated_at',
        'tickets.rated',
        'tickets.source',
        'handler.first_name as handler_first',
        'handler.second_name as handler_second',
      ]);

  const load = async (id: number): Promise<TicketRow | undefined> => rows().where('tickets.id', '=', id).executeTakeFirst();

  const summary = (row: TicketRow): TicketSummary => ({
    id: row.id,
    number: ticketNumber(row.id),
    category: row.category,
    subject: row.subject,
    status: row.status,
    handler: row.assignee_id === null ? null : { id: row.assignee_id, name: fullName(row.handler_first, row.handler_second) },
    created_at: row.created_at,
    updated_at: row.updated_at,
    resolved_at: row.resolved_at,
  });

  async function thread(ticketId: number, withNotes: boolean): Promise<TicketMessage[]> {
    let query = db
      .selectFrom('ticket_messages')
      .leftJoin('users', 'users.id', 'ticket_messages.author_id')
      .select([
        'ticket_messages.id',
        'ticket_messages.author_kind',
        'ticket_messages.body',
        'ticket_messages.internal',
        'ticket_messages.created_at',
        'users.first_name',
        'users.second_name',
      ])
      .where('ticket_messages.ticket_id', '=', ticketId);
    // The one place notes are kept from clients: their query never selects them.
    if (!withNotes) query = query.where('ticket_messages.internal', '=', 0);
    const messages = await query.orderBy('ticket_messages.id').execute();
    const files = await db
      .selectFrom('ticket_attachments')
      .select(['id', 'message_id', 'original_name', 'mime_type', 'size'])
      .where('ticket_id', '=', ticketId)
      .orderBy('id')
      .execute();
    return messages.map((m) => ({
      id: m.id,
      author: { kind: m.author_kind, name: m.author_kind === 'system' ? '' : fullName(m.first_name, m.second_name) },
      body: m.body,
      internal: m.internal === 1,
      created_at: m.created_at,
      attachments: files
        .filter((f) => f.message_id === m.id)
        .map((f): TicketAttachment => ({ id: f.id, file_name: f.original_name, mime_type: f.mime_type as TicketMimeType, size: f.size })),
    }));
  }

  async function details(row: TicketRow) {
    return {
      ...summary(row),
      rating: row.rating === null ? null : { score: row.rating, comment: row.rating_comment, rated_at: row.rated_at! },
      reopen_until: row.status === 'resolved' ? reopenUntil(row.resolved_at) : null,
      rated: row.rated === 1,
      timeline: (await lifecycles.timeline(db, TICKET_LIFECYCLE, row.id)).steps,
    };
  }

  async function clientView(row: TicketRow): Promise<Ticket> {
    const messages = await thread(row.id, false);
    return { ...(await details(row)), messages: messages.map((m) => ({ ...m, internal: false as const })) };
  }

  async function staffView(row: TicketRow): Promise<AdminTicket> {
    const client = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'second_name', 'email'])
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    return {
      ...(await details(row)),
      messages: await thread(row.id, true),
      client: { id: client.id, name: fullName(client.first_name, client.second_name), email: client.email },
      first_response_at: row.first_response_at,
      first_response_seconds: seconds(row.created_at, row.first_response_at),
      resolution_seconds: row.resolved_at ? seconds(row.created_at, row.resolved_at) : null,
    };
  }

  async function owned(userId: number, id: number): Promise<TicketRow> {
    const row = await load(id);
    // Another client's ticket is answered as missing: its existence is not the caller's business.
    if (!row || row.user_id !== userId) throw new TicketRefused('not-found');
    return row;
  }

  async function existing(id: number): Promise<TicketRow> {
    const row = await load(id);
    if (!row) throw new TicketRefused('not-found');
    return row;
  }

  async function tell(notice: TicketNotice): Promise<void> {
    try {
      await notify(notice);
    } catch (error) {
      onNotifyError(error);
    }
  }

  type MessageInput = {
    ticketId: number;
    author: { id: number | null; kind: 'client' | 'staff' | 'system' };
    body: string;
    internal: boolean;
    files: TicketFile[];
    at: string;
    chatMessageId?: number | null;
  };

  /** The message and its files, on `conn` (a transaction the caller holds). */
  async function insertMessage(conn: Db, { ticketId, author, body, internal, files, at, chatMessageId = null }: MessageInput): Promise<void> {
    const { id } = await conn
      .insertInto('ticket_messages')
      .values({ ticket_id: ticketId, author_id: author.id, author_kind: author.kind, body, internal: internal ? 1 : 0, created_at: at, chat_message_id: chatMessageId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (files.length > 0) {
      await conn
        .insertInto('ticket_attachments')
        .values(
          files.map((file) => ({
            ticket_id: ticketId,
            message_id: id,
            original_name: file.originalName,
            mime_type: file.mimeType,
            size: file.size,
            storage_name: file.storageName,
            created_at: at,
          })),
        )
        .execute();
    }
  }

  async function addMessage(
    ticketId: number,
    author: { id: number | null; kind: 'client' | 'staff' | 'system' },
    body: string,
    internal: boolean,
    files: TicketFile[],
    at: string,
  ): Promise<void> {
    await db.transaction().execute((trx) => insertMessage(trx, { ticketId, author, body, internal, files, at }));
  }

  /**
   * Applies a lifecycle step through the shared pattern (services/lifecycle.ts): the machine
   * decides, a compare-and-set on the status and the row's version writes, the step is recorded.
   * Of two steps decided on the same version exactly one is written; the other is a conflict.
   */
  async function step(
    row: TicketRow,
    event: LifecycleEvent,
    actor: LifecycleActor,
    extra: { first_response_at?: string; rating?: number; rating_comment?: string | null; rated_at?: string } = {},
  ): Promise<{ from: TicketStatus; to: TicketStatus }> {
    const at = now();
    // Asked first on the row as read, so a refusal can say why (the lifecycle's own check is the same machine).
    const to = nextStatus(ticketSnapshot(row.status), event);
    if (to === null) {
      if (event.type === 'client.reopen' && row.status === 'resolved') throw new TicketRefused('reopen-expired');
      if (event.type === 'client.rate' && event.rated) throw new TicketRefused('already-rated');
      throw new TicketRefused('illegal');
    }
    try {
      await lifecycles.transition(db, TICKET_LIFECYCLE, {
        id: row.id,
        from: row.status,
        event,
        actor,
        match: { version: row.version },
        set: {
          version: row.version + 1,
          updated_at: at,
          ...(event.type === 'staff.resolve' ? { resolved_at: at, rated: 0 } : {}),
          ...(event.type === 'client.rate' ? { rated: 1 } : {}),
          ...(to === 'closed' && row.status !== 'closed' ? { closed_at: at } : {}),
          ...extra,
        },
      });
    } catch (error) {
      if (error instanceof TransitionRefused) throw new TicketRefused('conflict');
      throw error;
    }
    return { from: row.status, to };
  }

  async function afterStatusChange(id: number, from: TicketStatus, to: TicketStatus, by: 'client' | 'staff'): Promise<void> {
    if (from === to) return;
    const row = await existing(id);
    await tell({ type: 'ticket.status_changed', ticket: summary(row), clientId: row.user_id, from, by });
  }

  async function staffMembers(): Promise<TicketStaffMember[]> {
    const list = await db
      .selectFrom('users')
      .innerJoin('role_user', 'role_user.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'role_user.role_id')
      .select(['users.id', 'users.first_name', 'users.second_name'])
      .where('roles.name', '=', 'admin')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .execute();
    return list.map((u) => ({ id: u.id, name: fullName(u.first_name, u.second_name) }));
  }

  return {
    async create({ userId, category, subject, message, files, source = 'client', serviceRequestId = null }) {
      const at = now();
      const { id } = await db
        .insertInto('tickets')
        .values(newTicketRow({ userId, category, subject, source, serviceRequestId, at }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await addMessage(id, { id: source === 'client' ? userId : null, kind: source === 'client' ? 'client' : 'system' }, message, false, files, at);
      await lifecycles.record(db, TICKET_LIFECYCLE, id, { id: source === 'client' ? userId : null, role: source === 'client' ? 'client' : 'system' }, at);
      const row = await existing(id);
      const client = await db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', userId).executeTakeFirstOrThrow();
      await tell({ type: 'ticket.created', ticket: summary(row), clientId: userId, clientName: fullName(client.first_name, client.second_name) });
      return clientView(row);
    },

    async listOf(userId) {
      const list = await rows().where('tickets.user_id', '=', userId).orderBy('tickets.updated_at', 'desc').orderBy('tickets.id', 'desc').execute();
      return list.map(summary);
    },

    forClient: async (userId, id) => clientView(await owned(userId, id)),
    forStaff: async (id) => staffView(await existing(id)),

    async queue({ status, category, assignee, age }) {
      let query = rows()
        .innerJoin('users as client', 'client.id', 'tickets.user_id')
        .select(['client.first_name as client_first', 'client.second_name as client_second', 'client.email as client_email']);
      if (status) query = query.where('tickets.status', '=', status);
      if (category) query = query.where('tickets.category', '=', category);
      if (assignee === 'none') query = query.where('tickets.assignee_id', 'is', null);
      else if (assignee !== undefined) query = query.where('tickets.assignee_id', '=', assignee);
      if (age) query = query.where('tickets.created_at', '<=', new Date(clock().getTime() - TICKET_AGE_HOURS[age] * 3_600_000).toISOString());
      const list = await query
        // Tickets that wait for staff first, oldest first (a queue); then the rest, newest first.
        .orderBy(sql`case when tickets.status in ('open', 'awaiting_staff') then 0 else 1 end`)
        .orderBy(sql`case when tickets.status in ('open', 'awaiting_staff') then tickets.created_at end`)
        .orderBy('tickets.updated_at', 'desc')
        .orderBy('tickets.id', 'desc')
        .limit(TICKET_QUEUE_LIMIT)
        .execute();
      return list.map((row) => ({
        ...summary(row),
        client: { id: row.user_id, name: fullName(row.client_first, row.client_second), email: row.client_email },
        first_response_seconds: seconds(row.created_at, row.first_response_at),
        resolution_seconds: row.resolved_at ? seconds(row.created_at, row.resolved_at) : null,
      }));
    },

    staff: staffMembers,

    async reply({ userId, id, body, files }) {
      const row = await owned(userId, id);
      const moved = await step(row, { type: 'client.reply' }, { id: userId, role: 'client' });
      await addMessage(id, { id: userId, kind: 'client' }, body, false, files, now());
      await afterStatusChange(id, moved.from, moved.to, 'client');
      return clientView(await existing(id));
    },

    async staffReply({ staffId, id, body, internal, files }) {
      const row = await existing(id);
      if (internal) {
        // A note changes nothing the client sees, whatever the status.
        await addMessage(id, { id: staffId, kind: 'staff' }, body, true, files, now());
        return staffView(await existing(id));
      }
      const at = now();
      await step(row, { type: 'staff.reply' }, { id: staffId, role: 'staff' }, row.first_response_at ? {} : { first_response_at: at });
      await addMessage(id, { id: staffId, kind: 'staff' }, body, false, files, at);
      // Whoever answers an unassigned ticket handles it: the client sees a name, not "nobody yet".
      await db.updateTable('tickets').set({ assignee_id: staffId }).where('id', '=', id).where('assignee_id', 'is', null).execute();
      const after = await existing(id);
      const author = await db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', staffId).executeTakeFirstOrThrow();
      await tell({
        type: 'ticket.staff_replied',
        ticket: summary(after),
        clientId: after.user_id,
        from: fullName(author.first_name, author.second_name),
        body,
        source: after.source,
      });
      return staffView(after);
    },

    async clientStep(userId, id, request) {
      const row = await owned(userId, id);
      const at = now();
      const actor = { id: userId, role: 'client' } as const;
      const moved =
        request.type === 'client.rate'
          ? await step(row, { type: 'client.rate', score: request.score, rated: row.rated === 1 }, actor, { rating: request.score, rating_comment: request.comment, rated_at: at })
          : await step(row, { type: 'client.reopen', at, resolved_at: row.resolved_at }, actor);
      await afterStatusChange(id, moved.from, moved.to, 'client');
      return clientView(await existing(id));
    },

    async staffStep(staffId, id, type) {
      if (TICKET_EVENT_ROLES[type] !== 'staff') throw new TicketRefused('not-allowed');
      const row = await existing(id);
      const moved = await step(row, { type }, { id: staffId, role: 'staff' });
      await afterStatusChange(id, moved.from, moved.to, 'staff');
      return staffView(await existing(id));
    },

    async claim(staffId, id) {
      const row = await existing(id);
      if (row.status === 'closed') throw new TicketRefused('illegal');
      const result = await db
        .updateTable('tickets')
        .set({ assignee_id: staffId, version: row.version + 1, updated_at: now() })
        .where('id', '=', id)
        .where('assignee_id', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const holder = await existing(id);
        if (holder.assignee_id === staffId) return staffView(holder);
        throw new TicketRefused('already-claimed', fullName(holder.handler_first, holder.handler_second));
      }
      const claimed = await existing(id);
      await lifecycles.note(db, TICKET_LIFECYCLE, id, {
        event: 'staff.claim',
        actor: { id: staffId, role: 'staff' },
        reason: fullName(claimed.handler_first, claimed.handler_second),
      });
      return staffView(claimed);
    },

    async assign(staffId, id, assigneeId) {
      const row = await existing(id);
      if (row.status === 'closed') throw new TicketRefused('illegal');
      if (assigneeId !== null && !(await staffMembers()).some((s) => s.id === assigneeId)) throw new TicketRefused('not-staff');
      const result = await db
        .updateTable('tickets')
        .set({ assignee_id: assigneeId, version: row.version + 1, updated_at: now() })
        .where('id', '=', id)
        .where('version', '=', row.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new TicketRefused('conflict');
      const assigned = await existing(id);
      if (assigned.assignee_id !== row.assignee_id) {
        await lifecycles.note(db, TICKET_LIFECYCLE, id, {
          event: assigneeId === null ? 'staff.unassign' : 'staff.assign',
          actor: { id: staffId, role: 'staff' },
          reason: assigneeId === null ? null : fullName(assigned.handler_first, assigned.handler_second),
        });
      }
      return staffView(assigned);
    },

    async fromChat({ userId, roomId, chatMessageId, text, subject, files = [] }) {
      const copied = async () =>
        db
          .selectFrom('ticket_messages')
          .innerJoin('tickets', 'tickets.id', 'ticket_messages.ticket_id')
          .select('tickets.id')
          .where('ticket_messages.chat_message_id', '=', chatMessageId)
          .executeTakeFirst();
      const openTicket = async () =>
        db
          .selectFrom('tickets')
          .select('id')
          .where('chat_room_id', '=', roomId)
          .where('status', 'in', ['open', 'awaiting_staff', 'awaiting_client'])
          .executeTakeFirst();
      // Two tries: a concurrent copy of this message, or another message that opened the room's ticket first, makes the second one find it.
      for (let attempt = 0; ; attempt++) {
        const before = await copied();
        if (before) return { ticket: summary(await existing(before.id)), outcome: 'already' };
        const at = now();
        const actor = { id: userId, role: 'client' } as const;
        try {
          const current = await openTicket();
          if (current) {
            const row = await existing(current.id);
            // The message first: the unique chat message id makes a repeat fail here, before any step.
            await db.transaction().execute((trx) =>
              insertMessage(trx, { ticketId: row.id, author: { id: userId, kind: 'client' }, body: text, internal: false, files, at, chatMessageId }),
            );
            try {
              const moved = await step(row, { type: 'client.reply' }, actor);
              await afterStatusChange(row.id, moved.from, moved.to, 'client');
            } catch (error) {
              // A concurrent step moved the ticket meanwhile: the message is on it all the same.
              if (!(error instanceof TicketRefused)) throw error;
            }
            return { ticket: summary(await existing(row.id)), outcome: 'added' };
          }
          const id = await db.transaction().execute(async (trx) => {
            const inserted = await trx
              .insertInto('tickets')
              .values(newTicketRow({ userId, category: 'other', subject, source: 'chat', chatRoomId: roomId, at }))
              .returning('id')
              .executeTakeFirstOrThrow();
            await insertMessage(trx, { ticketId: inserted.id, author: { id: userId, kind: 'client' }, body: text, internal: false, files, at, chatMessageId });
            await lifecycles.record(trx, TICKET_LIFECYCLE, inserted.id, actor, at);
            return inserted.id;
          });
          const row = await existing(id);
          const client = await db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', userId).executeTakeFirstOrThrow();
          await tell({ type: 'ticket.created', ticket: summary(row), clientId: userId, clientName: fullName(client.first_name, client.second_name) });
          return { ticket: summary(row), outcome: 'created' };
        } catch (error) {
          if (attempt === 0 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    async chatTicketOf(roomId) {
      const row = await rows()
        .where('tickets.chat_room_id', '=', roomId)
        .where('tickets.status', 'in', ['open', 'awaiting_staff', 'awaiting_client'])
        .executeTakeFirst();
      return row ? summary(row) : null;
    },

    async locateAttachment(viewer, ticketId, attachmentId) {
      const row = await db
        .selectFrom('ticket_attachments')
        .innerJoin('tickets', 'tickets.id', 'ticket_attachments.ticket_id')
        .innerJoin('ticket_messages', 'ticket_messages.id', 'ticket_attachments.message_id')
        .select([
          'tickets.user_id',
          'ticket_messages.internal',
          'ticket_attachments.storage_name',
          'ticket_attachments.original_name',
          'ticket_attachments.mime_type',
          'ticket_attachments.size',
        ])
        .where('ticket_attachments.id', '=', attachmentId)
        .where('ticket_attachments.ticket_id', '=', ticketId)
        .executeTakeFirst();
      if (!row) return undefined;
      if (!viewer.staff && (row.user_id !== viewer.id || row.internal === 1)) return undefined;
      return { path: join(uploadDir, row.storage_name), fileName: row.original_name, mimeType: row.mime_type, size: row.size };
    },
  };
}

/** The files of a refused request are removed: nothing keeps them. */
export async function discardAll(discard: (name: string) => Promise<void>, files: readonly { storageName: string }[]): Promise<void> {
  await Promise.all(files.map((file) => discard(file.storageName)));
}
