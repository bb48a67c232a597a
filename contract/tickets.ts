import type { TimelineStep } from './lifecycle';

/** Support tickets: types, limits and the ticket number, shared by the app, the machines and the server (no zod here). */
export const TICKET_CATEGORIES = ['account', 'deposit', 'withdrawal', 'verification', 'trading', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** `awaiting_client` reads "awaiting you" to the client. */
export const TICKET_STATUSES = ['open', 'awaiting_staff', 'awaiting_client', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_RATING_COMMENT_MAX = 1000;
export const TICKET_ATTACHMENTS_MAX = 3;
/** Largest attachment: 10 MB, as an identity document. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A resolved ticket may be reopened by its client for this long after its resolution. */
export const TICKET_REOPEN_DAYS = 7;
export const TICKET_REOPEN_MS = TICKET_REOPEN_DAYS * 24 * 60 * 60 * 1000;
/** Queue filter by age: tickets created more than this many hours ago. */
export const TICKET_AGES = ['1h', '24h', '3d', '7d'] as const;
export type TicketAge = (typeof TICKET_AGES)[number];
export const TICKET_AGE_HOURS: Record<TicketAge, number> = { '1h': 1, '24h': 24, '3d': 72, '7d': 168 };

/** What people call a ticket: `T-000123`. */
export function ticketNumber(id: number): string {
  return `T-${String(id).padStart(6, '0')}`;
}

/** The id inside a ticket number (`T-000123` or `123`), or null when it is neither. */
export function ticketIdOf(number: string): number | null {
  const match = /^(?:T-)?0*([1-9]\d{0,8})$/i.exec(number.trim());
  return match ? Number(match[1]) : null;
}

export type TicketMimeType = 'image/png' | 'image/jpeg' | 'application/pdf';

export interface TicketAttachment {
  id: number;
  file_name: string;
  mime_type: TicketMimeType;
  size: number;
}

export type TicketAuthorKind = 'client' | 'staff' | 'system';

export interface TicketMessage {
  id: number;
  author: { kind: TicketAuthorKind; name: string };
  body: string;
  /** Staff only: an internal note. A client's answers never hold one. */
  internal: boolean;
  created_at: string;
  attachments: TicketAttachment[];
}

/** A message as a client receives it: never a note. */
export interface ClientTicketMessage extends TicketMessage {
  internal: false;
}

export interface TicketRating {
  score: number;
  comment: string | null;
  rated_at: string;
}

/** One line of a ticket list. */
export interface TicketSummary {
  id: number;
  number: string;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
  /** The staff member handling it, by the name the client sees. */
  handler: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
}

interface TicketDetails extends TicketSummary {
  rating: TicketRating | null;
  /** Until when the client may reopen it (resolved tickets only). */
  reopen_until: string | null;
  /** Every step of its life, oldest first (the shared lifecycle record, docs/adr/0082). */
  timeline: TimelineStep[];
  /** The last resolution is rated (a new resolution may be rated again). */
  rated: boolean;
}

/** GET /api/tickets/{id}: the ticket with its thread, which for a client holds no note. */
export interface Ticket extends TicketDetails {
  messages: ClientTicketMessage[];
}

/** The staff's view: the thread with the notes, the client, and the times measured. */
export interface AdminTicket extends TicketDetails {
  messages: TicketMessage[];
  client: { id: number; name: string; email: string };
  first_response_at: string | null;
  /** Seconds from creation to the first staff reply (not a note). */
  first_response_seconds: number | null;
  /** Seconds from creation to the (latest) resolution. */
  resolution_seconds: number | null;
}

export interface AdminTicketSummary extends TicketSummary {
  client: { id: number; name: string; email: string };
  first_response_seconds: number | null;
  resolution_seconds: number | null;
}

/** A staff member who can be assigned a ticket. */
export interface TicketStaffMember {
  id: number;
  name: string;
}
