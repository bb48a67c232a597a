/**
 * Notifications: what reaches a person when something happens to their money, documents,
 * tickets or account. Shared by the server (store, publish, mail), and the app (bell, list,
 * settings); free of zod, which stays out of the app's shell.
 */
import type { DocumentKind } from './verification';

/** Every event a notification can tell of; the server's `notify(userId, event, payload)` takes one of these. */
export const NOTIFICATION_EVENTS = [
  'money_request.approved',
  'money_request.rejected',
  'document.approved',
  'document.rejected',
  'ticket.reply',
  'ticket.status',
  /** Staff: a client opened a ticket. */
  'ticket.new',
  'security.new_device',
  'security.password_changed',
  'security.email_changed',
  /** The data export the user asked for is ready to download (Settings → Privacy). */
  'privacy.export_ready',
  /** IPO (docs/adr/0086): the final price set, an application lapsed, the allocation done, an offering cancelled. */
  'ipo.priced',
  'ipo.lapsed',
  'ipo.allocated',
  'ipo.cancelled',
  /** Copy trading (docs/adr/0093): the follower's equity stop-loss fired; copying is paused. */
  'copy.stop_loss',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Their mail goes out whatever the user's preferences say: it is how they learn of someone else in their account. */
export const SECURITY_EVENTS = ['security.new_device', 'security.password_changed', 'security.email_changed'] as const satisfies readonly NotificationEvent[];
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** Events only staff receive; clients never see their switches. */
export const STAFF_EVENTS = ['ticket.new'] as const satisfies readonly NotificationEvent[];

/** The mail goes out whatever the switch: a security mail, or the answer to a chat ticket the client was promised by e-mail. */
export function mailIsPromised(event: NotificationEvent, payload: object): boolean {
  return isSecurityEvent(event) || (event === 'ticket.reply' && typeof (payload as { answer?: unknown }).answer === 'string');
}

export function isSecurityEvent(event: NotificationEvent): event is SecurityEvent {
  return (SECURITY_EVENTS as readonly NotificationEvent[]).includes(event);
}

/** A money request as the notification tells it: the amount positive, in minor units. */
export interface MoneyRequestPayload {
  entry_id: number;
  kind: 'deposit' | 'withdrawal';
  amount: number;
  currency: string;
  precision: number;
  account_number: string;
}

export interface TicketPayload {
  ticket_id: number;
  /** As shown to people: `T-000123`. */
  number: string;
  subject: string;
}

/** A client's IPO application as a notification tells it: amounts and prices in minor units of the offering's currency. */
export interface IpoPayload {
  offering_id: number;
  application_id: number;
  company: string;
  ticker: string;
  currency: string;
  precision: number;
}

/** What each event carries; the app words it in the reader's language, the mail in the recipient's. */
/** A follower's subscription when its stop-loss fired: equity and floor in minor units of the copy account. */
export interface CopyStopLossPayload {
  subscription_id: number;
  strategy: string;
  equity: number;
  floor: number;
  currency: string;
  precision: number;
}

export interface NotificationPayloads {
  'money_request.approved': MoneyRequestPayload;
  'money_request.rejected': MoneyRequestPayload & { reason: string | null };
  'document.approved': { document_id: number; kind: DocumentKind };
  'document.rejected': { document_id: number; kind: DocumentKind; reason: string | null };
  /**
   * `answer`: the reply itself, carried for a ticket that began as a chat message while nobody from
   * support was online (docs/adr/0087): that client was told the answer comes by e-mail, so its mail
   * quotes it and goes out whatever the e-mail switch says.
   */
  'ticket.reply': TicketPayload & { from: string; answer?: string };
  /** `status`: the ticket's new status (open, awaiting_staff, awaiting_client, resolved, closed). */
  'ticket.status': TicketPayload & { status: string };
  'ticket.new': TicketPayload & { category: string; client: string };
  /** `device`: "Chrome 131 on macOS 14.5"; `at`: ISO time of the sign-in. */
  'security.new_device': { device: string; ip: string | null; at: string };
  'security.password_changed': { at: string };
  'security.email_changed': { previous: string; current: string; at: string };
  /** `expires_at`: until when the file can be downloaded (ISO). */
  'privacy.export_ready': { export_id: number; expires_at: string };
  /** `reconfirm_until`: set when the price lies more than 20% outside the range and the client must reconfirm by then. */
  'ipo.priced': IpoPayload & { price: number; reconfirm_until: string | null };
  /** Not reconfirmed in time: `released` came back to the account. */
  'ipo.lapsed': IpoPayload & { released: number };
  /** `requested`: the amount applied with; `allocated`: what `shares` cost at `price`; `released`: the rest, back at once. */
  'ipo.allocated': IpoPayload & { requested: number; allocated: number; released: number; shares: number; price: number };
  'ipo.cancelled': IpoPayload & { released: number; reason: string | null };
  'copy.stop_loss': CopyStopLossPayload;
}

/** One notification as its owner reads it. */
export type Notification = {
  [E in NotificationEvent]: {
    id: number;
    event: E;
    payload: NotificationPayloads[E];
    /** Path of the object inside the app, without the language (`/history`, `/tickets/12`); null when there is none. */
    link: string | null;
    read_at: string | null;
    created_at: string;
  };
}[NotificationEvent];

/** GET /api/notifications: newest first. */
export interface NotificationPage {
  data: Notification[];
  meta: { current_page: number; per_page: number; total: number; last_page: number; unread: number };
}

export const NOTIFICATIONS_PER_PAGE_DEFAULT = 20;
/** The notifications page shows all, or only the unread. */
export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export const NOTIFICATIONS_PER_PAGE_MAX = 50;

/** One event's switches. `email_locked`: a security mail, always sent. */
export interface NotificationPreference {
  event: NotificationEvent;
  in_app: boolean;
  email: boolean;
  email_locked: boolean;
}

/** The user's own realtime channel event: a new notification, and the unread count after it. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';
export interface NotificationCreated {
  notification: Notification;
  unread: number;
}
