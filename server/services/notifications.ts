import {
  isSecurityEvent,
  mailIsPromised,
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_EVENTS,
  type Notification,
  type NotificationCreated,
  type NotificationEvent,
  type NotificationFilter,
  type NotificationPage,
  type NotificationPayloads,
  type NotificationPreference,
  STAFF_EVENTS,
} from '../../contract/notifications.ts';
import type { Db, NotificationsTable } from '../db/schema.ts';
import { type MailFacts, notificationMail } from '../mail/notification-mails.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { userChannel } from '../realtime/protocol.ts';
import type { Clock } from './clock.ts';
import type { MailOut } from './mail-out.ts';
import type { UserService } from './users.ts';

/**
 * Tells a user that something happened: stores the notification (unless they switched its
 * in-app copy off), publishes it on their own realtime channel, and mails it in their language
 * (unless they switched the mail off; security mails always go). Called after the change it
 * tells of is stored. The channel is `#server-to-user-{id}`: only sockets signed in as the user
 * (pusher:signin) receive it. Delivery failures (realtime, mail) are logged, never thrown; a database
 * failure rejects. Answers the stored notification, or null when none was stored.
 */
export type Notify = <E extends NotificationEvent>(userId: number, event: E, payload: NotificationPayloads[E], mailFacts?: MailFacts) => Promise<Notification | null>;

export interface NotificationService {
  notify: Notify;
  /** The user's notifications, newest first, with the unread count. */
  list(userId: number, page: number, perPage: number, filter?: NotificationFilter): Promise<NotificationPage>;
  unreadCount(userId: number): Promise<number>;
  /** False when the user holds no such notification (another user's is not theirs to mark). */
  markRead(userId: number, id: number): Promise<boolean>;
  /** Answers how many were marked. */
  markAllRead(userId: number): Promise<number>;
  /** Every event the user can receive (staff also get STAFF_EVENTS), with its switches. */
  preferences(userId: number, staff: boolean): Promise<NotificationPreference[]>;
  setPreferences(userId: number, changes: ReadonlyArray<{ event: NotificationEvent; in_app: boolean; email: boolean }>): Promise<void>;
}

type Log = { error(obj: object, msg: string): void };

/** Where each notification leads inside the app, without the language. */
export function linkOf(n: { event: NotificationEvent; payload: object }): string | null {
  switch (n.event) {
    case 'money_request.approved':
    case 'money_request.rejected':
      return '/history';
    case 'document.approved':
    case 'document.rejected':
      return '/settings/verification';
    case 'ticket.reply':
    case 'ticket.status':
      return `/tickets/${(n.payload as { ticket_id: number }).ticket_id}`;
    case 'ticket.new':
      return `/administration/tickets/${(n.payload as { ticket_id: number }).ticket_id}`;
    case 'security.new_device':
    case 'security.password_changed':
    case 'security.email_changed':
      return '/settings/profile';
    case 'privacy.export_ready':
      return '/settings/privacy';
    case 'ipo.priced':
    case 'ipo.lapsed':
    case 'ipo.allocated':
    case 'ipo.cancelled':
      return `/ipo/${(n.payload as { offering_id: number }).offering_id}`;
    case 'copy.stop_loss':
      return `/investing/subscriptions/${(n.payload as { subscription_id: number }).subscription_id}`;
  }
}

function toNotification(row: Pick<NotificationsTable, 'event' | 'payload' | 'link' | 'read_at' | 'created_at'> & { id: number }): Notification {
  return {
    id: row.id,
    event: row.event as NotificationEvent,
    payload: JSON.parse(row.payload) as never,
    link: row.link,
    read_at: row.read_at,
    created_at: row.created_at,
  } as Notification;
}

const COLUMNS = ['id', 'event', 'payload', 'link', 'read_at', 'created_at'] as const;

export function createNotificationService(deps: {
  db: Db;
  clock: Clock;
  broadcaster: Broadcaster;
  users: Pick<UserService, 'findById'>;
  mailOut: MailOut;
  appUrl: string;
  log?: Log;
}): NotificationService {
  const { db, clock, broadcaster, users, mailOut, appUrl, log } = deps;

  async function switchesOf(userId: number, event: NotificationEvent): Promise<{ in_app: boolean; email: boolean }> {
    const row = await db
      .selectFrom('notification_preferences')
      .select(['in_app', 'email'])
      .where('user_id', '=', userId)
      .where('event', '=', event)
      .executeTakeFirst();
    return { in_app: row ? row.in_app === 1 : true, email: isSecurityEvent(event) || (row ? row.email === 1 : true) };
  }

  async function unreadCount(userId: number): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  const notify: Notify = async (userId, event, payload, mailFacts) => {
    const user = await users.findById(userId);
    if (!user) return null;
    const switches = await switchesOf(userId, event);
    const promised = mailIsPromised(event, payload);
    const createdAt = clock().toISOString();
    const link = linkOf({ event, payload });
    let notification: Notification = { id: 0, event, payload, link, read_at: null, created_at: createdAt } as Notification;
    if (switches.in_app) {
      const { id } = await db
        .insertInto('notifications')
        .values({ user_id: userId, event, payload: JSON.stringify(payload), link, read_at: null, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      notification = { ...notification, id };
      const created: NotificationCreated = { notification, unread: await unreadCount(userId) };
      await broadcaster
        .publish(userChannel(String(userId)), NOTIFICATION_CREATED_EVENT, created)
        .catch((err: unknown) => log?.error({ err, userId, event }, 'notifications: not published'));
    }
    if (switches.email || promised) {
      // A changed address is told to the previous one: whoever changed it may hold the new one.
      const to = event === 'security.email_changed' ? (payload as NotificationPayloads['security.email_changed']).previous : user.email;
      await mailOut(notificationMail(to, user, notification, appUrl, !promised, mailFacts));
    }
    return switches.in_app ? notification : null;
  };

  return {
    notify,

    async list(userId, page, perPage, filter = 'all') {
      const mine = () => {
        const query = db.selectFrom('notifications').where('user_id', '=', userId);
        return filter === 'unread' ? query.where('read_at', 'is', null) : query;
      };
      const [rows, total, unread] = await Promise.all([
        mine()
          .select(COLUMNS)
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        mine()
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.count)),
        unreadCount(userId),
      ]);
      return {
        data: rows.map(toNotification),
        meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), unread },
      };
    },

    unreadCount,

    async markRead(userId, id) {
      const owned = await db.selectFrom('notifications').select('read_at').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!owned) return false;
      if (owned.read_at === null) {
        await db
          .updateTable('notifications')
          .set({ read_at: clock().toISOString() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .execute();
      }
      return true;
    },

    async markAllRead(userId) {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: clock().toISOString() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async preferences(userId, staff) {
      const rows = await db.selectFrom('notification_preferences').select(['event', 'in_app', 'email']).where('user_id', '=', userId).execute();
      const stored = new Map(rows.map((r) => [r.event, r]));
      return NOTIFICATION_EVENTS.filter((event) => staff || !(STAFF_EVENTS as readonly NotificationEvent[]).includes(event)).map((event) => {
        const row = stored.get(event);
        const locked = isSecurityEvent(event);
        return { event, in_app: row ? row.in_app === 1 : true, email: locked || (row ? row.email === 1 : true), email_locked: locked };
      });
    },

    async setPreferences(userId, changes) {
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const change of changes) {
          const values = { in_app: change.in_app ? 1 : 0, email: change.email || isSecurityEvent(change.event) ? 1 : 0, updated_at: now };
          await trx
            .insertInto('notification_preferences')
            .values({ user_id: userId, event: change.event, ...values })
            .onConflict((oc) => oc.columns(['user_id', 'event']).doUpdateSet(values))
            .execute();
        }
      });
    },
  };
}
