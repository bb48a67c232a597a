import { z } from 'zod';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATIONS_PER_PAGE_DEFAULT,
  NOTIFICATIONS_PER_PAGE_MAX,
  type NotificationPreference,
} from './notifications';

/** Request and answer schemas of the notification calls (the types in notifications.ts are what the app reads). */

/** GET /api/notifications */
export const notificationsQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).optional().default(1),
  per_page: z.coerce.number<string>().int().min(1).max(NOTIFICATIONS_PER_PAGE_MAX).optional().default(NOTIFICATIONS_PER_PAGE_DEFAULT),
});

/** The payload's shape depends on the event (NotificationPayloads); the answer names the event. */
export const notificationSchema = z.object({
  id: z.number().int(),
  event: z.enum(NOTIFICATION_EVENTS),
  payload: z.record(z.string(), z.unknown()),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});

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
