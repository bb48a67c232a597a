/** The economic calendar's constants and answer types (zod-free: the app imports them). */
import type { Locale } from './locales';

export const CALENDAR_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'CNY', 'UAH'] as const;
export type CalendarCurrency = (typeof CALENDAR_CURRENCIES)[number];
/** Issuing economies (ISO 3166 alpha-2; `EU` for the euro area as a whole). */
export const CALENDAR_COUNTRIES = ['US', 'EU', 'DE', 'FR', 'IT', 'GB', 'JP', 'CH', 'CA', 'AU', 'NZ', 'CN', 'UA'] as const;
export const IMPORTANCE_LEVELS = [1, 2, 3] as const;
export type Importance = (typeof IMPORTANCE_LEVELS)[number];
/** Longest range one calendar request may cover, in days. */
export const CALENDAR_MAX_DAYS = 7;
export const EVENT_TITLE_MAX = 200;
export const EVENT_VALUE_MAX = 20;

/** An event as clients see it: the title in the request's language. */
export interface CalendarEvent {
  id: number;
  starts_at: string;
  country: string;
  currency: CalendarCurrency;
  importance: Importance;
  title: string;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
}

/** GET /api/calendar/events */
export interface CalendarEventsAnswer {
  from: string;
  to: string;
  time_zone: string;
  events: CalendarEvent[];
}

/** An event's title in every interface language: `title_en`, `title_ru`, `title_ua`. */
export type EventTitles = { [L in Locale as `title_${L}`]: string };

/** The field of an event's title in `locale`. */
export const titleField = (locale: Locale) => `title_${locale}` as const;

/** An event as staff edit it: every title. */
export interface AdminCalendarEvent extends CalendarEvent, EventTitles {}

/** GET/PUT /api/calendar/settings: what the client follows; `time_zone` null follows the device. */
export interface CalendarSettings {
  currencies: string[];
  importance: number[];
  time_zone: string | null;
}

export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = {
  currencies: [...CALENDAR_CURRENCIES],
  importance: [...IMPORTANCE_LEVELS],
  time_zone: null,
};

/** The body of POST/PUT /api/admin/calendar/events, as the admin form sends it. */
export interface CalendarEventBodyInput extends EventTitles {
  date: string;
  time: string;
  time_zone: string;
  country: string;
  currency: string;
  importance: number;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
}
