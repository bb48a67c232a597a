import type { Locale } from './locales';

/**
 * Support's presence and office hours: shared by the server, which records who is online from the
 * hub's presence webhooks, and the app, which shows staff whether the client is there and the client
 * whether support is (docs/realtime.md, "What support sees").
 */

/** Presence channels as the hub names them (Echo's `join('chat.{id}')` adds `presence-`). */
export const presenceChatChannel = (roomId: number) => `presence-chat.${roomId}`;
export const PRESENCE_ADMIN_CHANNEL = 'presence-admin.chats';
/** Without Echo's prefix, as the app joins them. */
export const chatPresenceName = (roomId: number) => `chat.${roomId}`;
export const ADMIN_PRESENCE_NAME = 'admin.chats';

/** Public channel: whether any staff member is online changed. Data `SupportStatus`. */
export const SUPPORT_CHANNEL = 'support';
export const SUPPORT_STATUS_EVENT = 'support.status';

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const AWAY_MESSAGE_MAX = 500;

/** When support answers, in one time zone, and what the chat says when nobody is online. */
export interface OfficeHours {
  days: Weekday[];
  /** `HH:MM`, local to `time_zone`; `from` before `to`. */
  from: string;
  to: string;
  time_zone: string;
  away_message: Record<Locale, string>;
}

/**
 * Where support is now: `online` while a staff member is in the administration; else `away` within
 * office hours (someone will answer soon) or `closed` outside them. Computed by the server from the
 * configured hours in their own time zone (`officeHoursAt`).
 */
export const SUPPORT_AVAILABILITIES = ['online', 'away', 'closed'] as const;
export type SupportAvailability = (typeof SUPPORT_AVAILABILITIES)[number];

/**
 * GET /api/support/status: public but minimal (ADR 0090): whether anyone is there, never who or
 * how many; the hours and away message are what the sidebar shows guests anyway.
 */
export interface SupportStatus {
  /** A staff member has the administration open (is in `presence-admin.chats`). */
  online: boolean;
  availability: SupportAvailability;
  /** ISO instant the current office hours end (in hours), else null. */
  closes_at: string | null;
  /** ISO instant the next office hours begin (outside hours), else null. */
  opens_at: string | null;
  office_hours: OfficeHours;
}

/** GET and PUT /api/admin/support/alerts: the signed-in agent's own alerts (all off by default). */
export interface AgentAlerts {
  /** A short sound when a client writes while the agent's chats tab is in the background. */
  sound: boolean;
}

/** Whether a client is in the app now, or when they last were (null: never seen). */
export interface ClientPresence {
  online: boolean;
  last_seen_at: string | null;
}

/** What the seed's sidebar said before hours were configurable: weekdays 9:00 to 18:00. */
export const DEFAULT_OFFICE_HOURS: OfficeHours = {
  days: [1, 2, 3, 4, 5],
  from: '09:00',
  to: '18:00',
  time_zone: 'Europe/London',
  away_message: {
    en: 'Nobody from support is online right now. Leave a message and a manager will answer during office hours.',
    ru: 'Сейчас никого из поддержки нет в сети. Оставьте сообщение — менеджер ответит в рабочие часы.',
    ua: 'Зараз нікого з підтримки немає в мережі. Залиште повідомлення — менеджер відповість у робочі години.',
  },
};

/** Monday to Friday exactly: shown as "weekdays" rather than a list of days. */
export const isWeekdays = (days: readonly number[]) => days.length === 5 && [1, 2, 3, 4, 5].every((d) => days.includes(d));
