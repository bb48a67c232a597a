import {
  type AdminCalendarEvent,
  type CalendarCurrency,
  type CalendarEvent,
  type CalendarSettings,
  DEFAULT_CALENDAR_SETTINGS,
  type Importance,
  type CalendarEventBodyInput,
} from '../../contract/calendar.ts';
import type { Locale } from '../../contract/locales.ts';
import { zonedDayRange, zonedToUtc } from '../../contract/time-zone.ts';
import type { CalendarEventsTable, Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface CalendarRange {
  date: string;
  days: number;
  time_zone: string;
  currencies?: string[] | undefined;
  importance?: number[] | undefined;
}

/** An event as staff enter it: the admin form's body, validated. */
export type EventInput = CalendarEventBodyInput;

export type CalendarChange = { type: 'created' | 'updated' | 'deleted'; id: number };

/**
 * Called after every change to the events. The chat issue's realtime hub wires this to
 * broadcast "calendar changed" so open client calendars refetch; until then they see changes on
 * their next load.
 */
export type CalendarChanged = (change: CalendarChange) => void;

export interface CalendarService {
  /** Events in the local days [date, date + days) of `time_zone`, filtered, by time. */
  between(range: CalendarRange, lang: Locale): Promise<{ from: string; to: string; events: CalendarEvent[] }>;
  /** The same range with every title, for staff. */
  adminBetween(range: CalendarRange): Promise<{ from: string; to: string; events: AdminCalendarEvent[] }>;
  create(input: EventInput, userId: number): Promise<AdminCalendarEvent>;
  /** Undefined when there is no such event. */
  update(id: number, input: EventInput): Promise<AdminCalendarEvent | undefined>;
  /** False when there was no such event. */
  remove(id: number): Promise<boolean>;
  settingsOf(userId: number): Promise<CalendarSettings>;
  saveSettings(userId: number, settings: CalendarSettings): Promise<CalendarSettings>;
}

type EventRow = Pick<
  CalendarEventsTable,
  'starts_at' | 'country' | 'currency' | 'importance' | 'title_en' | 'title_ru' | 'title_ua' | 'actual' | 'forecast' | 'previous'
> & { id: number };

const EVENT_COLUMNS = [
  'id',
  'starts_at',
  'country',
  'currency',
  'importance',
  'title_en',
  'title_ru',
  'title_ua',
  'actual',
  'forecast',
  'previous',
] as const;

function toAdminEvent(row: EventRow): AdminCalendarEvent {
  return {
    id: row.id,
    starts_at: row.starts_at,
    country: row.country,
    currency: row.currency as CalendarCurrency,
    importance: row.importance as Importance,
    title: row.title_en,
    title_en: row.title_en,
    title_ru: row.title_ru,
    title_ua: row.title_ua,
    actual: row.actual,
    forecast: row.forecast,
    previous: row.previous,
  };
}

function toEvent(row: EventRow, lang: Locale): CalendarEvent {
  const { title_en: _en, title_ru: _ru, title_ua: _ua, ...event } = toAdminEvent(row);
  return { ...event, title: row[`title_${lang}`] };
}

const splitList = (value: string) => value.split(',').filter(Boolean);

export function createCalendarService({
  db,
  clock,
  changed = () => {},
}: {
  db: Db;
  clock: Clock;
  changed?: CalendarChanged;
}): CalendarService {
  async function rows(range: CalendarRange) {
    const { from, to } = zonedDayRange(range.date, range.days, range.time_zone);
    let query = db
      .selectFrom('calendar_events')
      .select(EVENT_COLUMNS)
      .where('starts_at', '>=', from.toISOString())
      .where('starts_at', '<', to.toISOString());
    if (range.currencies) query = query.where('currency', 'in', range.currencies.length ? range.currencies : ['']);
    if (range.importance) query = query.where('importance', 'in', range.importance.length ? range.importance : [0]);
    const found = await query.orderBy('starts_at').orderBy('importance', 'desc').orderBy('id').execute();
    return { from: from.toISOString(), to: to.toISOString(), rows: found };
  }

  const values = (input: EventInput) => ({
    starts_at: zonedToUtc(input.date, input.time, input.time_zone).toISOString(),
    country: input.country,
    currency: input.currency,
    importance: input.importance,
    title_en: input.title_en,
    title_ru: input.title_ru,
    title_ua: input.title_ua,
    actual: input.actual,
    forecast: input.forecast,
    previous: input.previous,
  });

  async function settingsOf(userId: number): Promise<CalendarSettings> {
    const row = await db.selectFrom('calendar_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return DEFAULT_CALENDAR_SETTINGS;
    return { currencies: splitList(row.currencies), importance: splitList(row.importance).map(Number), time_zone: row.time_zone };
  }

  const findRow = (id: number) => db.selectFrom('calendar_events').select(EVENT_COLUMNS).where('id', '=', id).executeTakeFirst();

  return {
    async between(range, lang) {
      const { from, to, rows: found } = await rows(range);
      return { from, to, events: found.map((row) => toEvent(row, lang)) };
    },

    async adminBetween(range) {
      const { from, to, rows: found } = await rows(range);
      return { from, to, events: found.map(toAdminEvent) };
    },

    async create(input, userId) {
      const now = clock().toISOString();
      const { id } = await db
        .insertInto('calendar_events')
        .values({ ...values(input), created_by: userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      changed({ type: 'created', id });
      return toAdminEvent((await findRow(id))!);
    },

    async update(id, input) {
      const result = await db
        .updateTable('calendar_events')
        .set({ ...values(input), updated_at: clock().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      changed({ type: 'updated', id });
      return toAdminEvent((await findRow(id))!);
    },

    async remove(id) {
      const result = await db.deleteFrom('calendar_events').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      changed({ type: 'deleted', id });
      return true;
    },

    settingsOf,

    async saveSettings(userId, settings) {
      const row = {
        currencies: [...new Set(settings.currencies)].join(','),
        importance: [...new Set(settings.importance)].sort().join(','),
        time_zone: settings.time_zone,
        updated_at: clock().toISOString(),
      };
      await db
        .insertInto('calendar_settings')
        .values({ user_id: userId, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return settingsOf(userId);
    },
  };
}
