import { z } from 'zod';
import {
  type AdminCalendarEvent,
  CALENDAR_COUNTRIES,
  CALENDAR_CURRENCIES,
  CALENDAR_MAX_DAYS,
  type CalendarEvent,
  type CalendarEventsAnswer,
  EVENT_TITLE_MAX,
  EVENT_VALUE_MAX,
  type EventTitles,
  IMPORTANCE_LEVELS,
  titleField,
} from './calendar';
import { LOCALES } from './locales';
import { isIsoDate, isIsoTime, isTimeZone } from './time-zone';
import { breaks as rule } from './validation';
const oneOf = <T>(list: readonly T[]) => (v: unknown) => (list as readonly unknown[]).includes(v);

const dateField = z.string().min(1).refine(isIsoDate, rule('date'));
const timeField = z.string().min(1).refine(isIsoTime, rule('time'));
const timeZoneField = z.string().min(1).refine(isTimeZone, rule('timezone'));
const csv = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * GET /api/calendar/events: `days` local days from `date` in `time_zone`; optional filters as
 * comma-separated lists (`currencies=USD,EUR`, `importance=2,3`). Absent filter: everything.
 */
export const calendarQuerySchema = z.object({
  date: dateField,
  days: z
    .string()
    .min(1)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= CALENDAR_MAX_DAYS, rule('in'))
    .transform(Number)
    .optional()
    .default(1),
  time_zone: timeZoneField.optional().default('UTC'),
  currencies: z
    .string()
    .transform(csv)
    .refine((list) => list.every(oneOf(CALENDAR_CURRENCIES)), rule('in'))
    .optional(),
  importance: z
    .string()
    .transform((v) => csv(v).map(Number))
    .refine((list) => list.every(oneOf(IMPORTANCE_LEVELS)), rule('in'))
    .optional(),
});
export type CalendarQuery = z.input<typeof calendarQuerySchema>;


const valueField = z
  .string()
  .trim()
  .max(EVENT_VALUE_MAX)
  .nullish()
  .transform((v) => (v ? v : null));
const title = z.string().trim().min(1).max(EVENT_TITLE_MAX);
/** `title_en`, `title_ru`, `title_ua`: one per language of LOCALES, in its order. */
const titles = Object.fromEntries(LOCALES.map((locale) => [titleField(locale), title])) as Record<keyof EventTitles, typeof title>;

/** POST /api/admin/calendar/events and PUT …/{id}: the release's local date and time in `time_zone`. */
export const calendarEventBodySchema = z.object({
  date: dateField,
  time: timeField,
  time_zone: timeZoneField,
  country: z.string().min(1).refine(oneOf(CALENDAR_COUNTRIES), rule('in')),
  currency: z.string().min(1).refine(oneOf(CALENDAR_CURRENCIES), rule('in')),
  importance: z.number().refine(oneOf(IMPORTANCE_LEVELS), rule('in')),
  ...titles,
  actual: valueField,
  forecast: valueField,
  previous: valueField,
});
export type CalendarEventBody = z.input<typeof calendarEventBodySchema>;

/** GET/PUT /api/calendar/settings: what the client follows; `time_zone` null follows the device. */
export const calendarSettingsSchema = z.object({
  currencies: z.array(z.string()).min(1).refine((list) => list.every(oneOf(CALENDAR_CURRENCIES)), rule('in')),
  importance: z.array(z.number()).min(1).refine((list) => list.every(oneOf(IMPORTANCE_LEVELS)), rule('in')),
  time_zone: timeZoneField.nullable(),
});

// Answers (the types in calendar.ts are what the app reads; each schema is checked against its type).

export const calendarEventSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  country: z.string(),
  currency: z.enum(CALENDAR_CURRENCIES),
  importance: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string(),
  actual: z.string().nullable(),
  forecast: z.string().nullable(),
  previous: z.string().nullable(),
}) satisfies z.ZodType<CalendarEvent>;

export const adminCalendarEventSchema = calendarEventSchema.extend({
  title_en: z.string(),
  title_ru: z.string(),
  title_ua: z.string(),
}) satisfies z.ZodType<AdminCalendarEvent>;

const range = { from: z.string(), to: z.string(), time_zone: z.string() };

/** GET /api/calendar/events */
export const calendarEventsAnswerSchema = z.object({ ...range, events: z.array(calendarEventSchema) }) satisfies z.ZodType<CalendarEventsAnswer>;

/** GET /api/admin/calendar/events: every title of each event. */
export const adminCalendarEventsAnswerSchema = z.object({ ...range, events: z.array(adminCalendarEventSchema) });
