import { z } from 'zod';
import {
  NOTIFICATION_FILTERS,
  NOTIFICATION_EVENTS,
  NOTIFICATIONS_PER_PAGE_DEFAULT,
  NOTIFICATIONS_PER_PAGE_MAX,
  type Notification,
  type NotificationEvent,
  type NotificationPayloads,
  type NotificationPreference,
} from './notifications';
import { DOCUMENT_KINDS } from './verification';

/** Request and answer schemas of the notification calls (the types in notifications.ts are what the app reads). */

/** GET /api/notifications */
export const notificationsQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(NOTIFICATIONS_PER_PAGE_MAX).optional().default(NOTIFICATIONS_PER_PAGE_DEFAULT),
  /** `unread`: only those not read yet (the notifications page's filter); `total` and `last_page` count what the filter keeps. */
  filter: z.enum(NOTIFICATION_FILTERS).optional().default('all'),
});

const money = z.object({
  entry_id: z.number().int(),
  kind: z.enum(['deposit', 'withdrawal']),
  amount: z.number().int().describe('Minor units, positive'),
  currency: z.string(),
  precision: z.number().int(),
  account_number: z.string(),
});
const ticket = z.object({ ticket_id: z.number().int(), number: z.string(), subject: z.string() });
const documentKind = z.enum(DOCUMENT_KINDS);
const ipo = z.object({
  offering_id: z.number().int(),
  application_id: z.number().int(),
  company: z.string(),
  ticker: z.string(),
  currency: z.string(),
  precision: z.number().int(),
});

/** Each event's payload (NotificationPayloads). */
const payloads = {
  'money_request.approved': money,
  'money_request.rejected': money.extend({ reason: z.string().nullable() }),
  'document.approved': z.object({ document_id: z.number().int(), kind: documentKind }),
  'document.rejected': z.object({ document_id: z.number().int(), kind: documentKind, reason: z.string().nullable() }),
  'ticket.reply': ticket.extend({ from: z.string(), answer: z.string().optional().describe('The answer itself, for a ticket that began in the chat (docs/adr/0087)') }),
  'ticket.status': ticket.extend({ status: z.string() }),
  'ticket.new': ticket.extend({ category: z.string(), client: z.string() }),
  'security.new_device': z.object({ device: z.string(), ip: z.string().nullable(), at: z.string() }),
  'security.password_changed': z.object({ at: z.string() }),
  'security.email_changed': z.object({ previous: z.string(), current: z.string(), at: z.string() }),
  'privacy.export_ready': z.object({ export_id: z.number().int(), expires_at: z.string() }),
  'ipo.priced': ipo.extend({ price: z.number().int(), reconfirm_until: z.string().nullable() }),
  'ipo.lapsed': ipo.extend({ released: z.number().int() }),
  'ipo.allocated': ipo.extend({ requested: z.number().int(), allocated: z.number().int(), released: z.number().int(), shares: z.number().int(), price: z.number().int() }),
  'ipo.cancelled': ipo.extend({ released: z.number().int(), reason: z.string().nullable() }),
  'copy.stop_loss': z.object({ subscription_id: z.number().int(), strategy: z.string(), equity: z.number().int(), floor: z.number().int(), currency: z.string(), precision: z.number().int() }),
} satisfies { [E in NotificationEvent]: z.ZodType<NotificationPayloads[E]> };

const common = { id: z.number().int(), link: z.string().nullable(), read_at: z.string().nullable(), created_at: z.string() };

const item = <E extends NotificationEvent>(event: E) => z.object({ ...common, event: z.literal(event), payload: payloads[event] });

/** One notification: the payload's shape follows the event. */
export const notificationSchema = z.discriminatedUnion('event', [
  item('money_request.approved'),
  item('money_request.rejected'),
  item('document.approved'),
  item('document.rejected'),
  item('ticket.reply'),
  item('ticket.status'),
  item('ticket.new'),
  item('security.new_device'),
  item('security.password_changed'),
  item('security.email_changed'),
  item('privacy.export_ready'),
  item('ipo.priced'),
  item('ipo.lapsed'),
  item('ipo.allocated'),
  item('ipo.cancelled'),
  item('copy.stop_loss'),
]) satisfies z.ZodType<Notification>;

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    unread: z.number().int(),
  }),
});

/** GET /api/notifications/unread-count, and the answer of the mark-read calls. */
export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationPreferenceSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  in_app: z.boolean(),
  email: z.boolean(),
  email_locked: z.boolean(),
}) satisfies z.ZodType<NotificationPreference>;

/** PUT /api/settings/notifications: the switches to change; events left out keep theirs. */
export const notificationPreferencesBodySchema = z.object({
  preferences: z
    .array(z.object({ event: z.enum(NOTIFICATION_EVENTS), in_app: z.boolean(), email: z.boolean() }))
    .max(NOTIFICATION_EVENTS.length * 2),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;
