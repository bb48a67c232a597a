import {
  type AdminCalendarEvent,
  type CalendarCurrency,
  type CalendarEvent,
  type CalendarSettings,
  DEFAULT_CALENDAR_SETTINGS,
  type Importance,
  type CalendarEventBodyInput,
  type EventTitles,
  titleField,
} from '../../contract/calendar.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../contract/locales.ts';
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

type EventRow = Pick<CalendarEventsTable, 'starts_at' | 'country' | 'currency' | 'importance' | 'actual' | 'forecast' | 'previous'> & {
  id: number;
};

/** An event's titles by language, from calendar_event_translations. */
type Titles = Partial<Record<Locale, string>>;

const EVENT_COLUMNS = ['id', 'starts_at', 'country', 'currency', 'importance', 'actual', 'forecast', 'previous'] as const;

/** A language without its translation yet reads the default language's title. */
const titleIn = (titles: Titles, lang: Locale) => titles[lang] ?? titles[DEFAULT_LOCALE] ?? '';

function toEvent(row: EventRow, titles: Titles, lang: Locale): CalendarEvent {
  return {
    id: row.id,
    starts_at: row.starts_at,
    country: row.country,
    currency: row.currency as CalendarCurrency,
    importance: row.importance as Importance,
    title: titleIn(titles, lang),
    actual: row.actual,
    forecast: row.forecast,
    previous: row.previous,
  };
}

/** Staff's answer: `title` in the default language, then `title_<lang>` for every language, in LOCALES order. */
function toAdminEvent(row: EventRow, titles: Titles): AdminCalendarEvent {
  const { actual, forecast, previous, ...event } = toEvent(row, titles, DEFAULT_LOCALE);
  const every = Object.fromEntries(LOCALES.map((locale) => [titleField(locale), titleIn(titles, locale)])) as EventTitles;
  return { ...event, ...every, actual, forecast, previous };
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
    return { from: from.toISOString(), to: to.toISOString(), rows: found, titles: await titlesOf(found.map((row) => row.id)) };
  }

  /** The titles of the events `ids`, by event, in the languages they are written in. */
  async function titlesOf(ids: number[]): Promise<Map<number, Titles>> {
    const byEvent = new Map<number, Titles>();
    if (ids.length === 0) return byEvent;
    const translations = await db
      .selectFrom('calendar_event_translations')
      .select(['event_id', 'lang', 'title'])
      .where('event_id', 'in', ids)
      .execute();
    for (const { event_id, lang, title } of translations) {
      if (isLocale(lang)) byEvent.set(event_id, { ...byEvent.get(event_id), [lang]: title });
    }
    return byEvent;
  }

  const values = (input: EventInput) => ({
    starts_at: zonedToUtc(input.date, input.time, input.time_zone).toISOString(),
    country: input.country,
    currency: input.currency,
    importance: input.importance,
    actual: input.actual,
    forecast: input.forecast,
    previous: input.previous,
  });

  /** Writes the event's title in every language (calendar_event_translations). */
  async function saveTitles(trx: Db, eventId: number, input: EventInput) {
    for (const lang of LOCALES) {
      const title = input[titleField(lang)];
      await trx
        .insertInto('calendar_event_translations')
        .values({ event_id: eventId, lang, title })
        .onConflict((oc) => oc.columns(['event_id', 'lang']).doUpdateSet({ title }))
        .execute();
    }
  }

  async function settingsOf(userId: number): Promise<CalendarSettings> {
    const row = await db.selectFrom('calendar_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return DEFAULT_CALENDAR_SETTINGS;
    return { currencies: splitList(row.currencies), importance: splitList(row.importance).map(Number), time_zone: row.time_zone };
  }

  async function findEvent(id: number): Promise<AdminCalendarEvent> {
    const row = await db.selectFrom('calendar_events').select(EVENT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    return toAdminEvent(row, (await titlesOf([id])).get(id) ?? {});
  }

  return {
    async between(range, lang) {
      const { from, to, rows: found, titles } = await rows(range);
      return { from, to, events: found.map((row) => toEvent(row, titles.get(row.id) ?? {}, lang)) };
    },

    async adminBetween(range) {
      const { from, to, rows: found, titles } = await rows(range);
      return { from, to, events: found.map((row) => toAdminEvent(row, titles.get(row.id) ?? {})) };
    },

    async create(input, userId) {
      const now = clock().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const event = await trx
          .insertInto('calendar_events')
          .values({ ...values(input), created_by: userId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await saveTitles(trx, event.id, input);
        return event.id;
      });
      changed({ type: 'created', id });
      return findEvent(id);
    },

    async update(id, input) {
      const updated = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('calendar_events')
          .set({ ...values(input), updated_at: clock().toISOString() })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await saveTitles(trx, id, input);
        return true;
      });
      if (!updated) return undefined;
      changed({ type: 'updated', id });
      return findEvent(id);
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
