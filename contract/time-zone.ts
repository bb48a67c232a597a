import { LRUCache } from 'lru-cache';

/**
 * Calendar arithmetic in an IANA time zone with nothing but Intl, shared by the server (which turns
 * a local day into a UTC range) and the app (which groups events by local day).
 */

/**
 * Both caches are bounded whatever the input: a zone has many spellings (`europe/KYIV`,
 * `Europe/Kiev`, aliases), each of which would otherwise keep a formatter (tens of KB of ICU
 * memory) for ever. Spellings map to the runtime's canonical name (a short string); formatters
 * are kept per canonical name, so every spelling of a zone shares one.
 */
export const TIME_ZONE_CACHE_MAX = 1_000;
const canonicalNames = new LRUCache<string, string>({ max: TIME_ZONE_CACHE_MAX });
const formats = new LRUCache<string, Intl.DateTimeFormat>({ max: TIME_ZONE_CACHE_MAX });

/** How many entries the caches hold (for the test that proves the bound). */
export function timeZoneCacheSize(): { spellings: number; formats: number } {
  return { spellings: canonicalNames.size, formats: formats.size };
}

/** The runtime's name for `timeZone` (`europe/kiev` → `Europe/Kiev`); throws RangeError for an unknown zone. */
export function canonicalTimeZone(timeZone: string): string {
  let canonical = canonicalNames.get(timeZone);
  if (canonical === undefined) {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    canonicalNames.set(timeZone, canonical);
  }
  return canonical;
}

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  const canonical = canonicalTimeZone(timeZone);
  let format = formats.get(canonical);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: canonical,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(canonical, format);
  }
  return format;
}

/** True for a zone name the runtime knows (`Europe/Kyiv`, `America/New_York`, `UTC`). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    partsFormat(value);
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(instant: number, timeZone: string): WallTime {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `YYYY-MM-DD` naming a real day. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** `HH:MM`, 24-hour. */
export function isIsoTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` `time`. In a spring-forward gap
 * the time is taken with the offset from before the change (as most calendars do).
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  return new Date(second);
}

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function dateInZone(instant: Date, timeZone: string): string {
  const w = wallTime(instant.getTime(), timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The wall-clock time (`HH:MM`) of `instant` in `timeZone`. */
export function timeInZone(instant: Date, timeZone: string): string {
  const w = wallTime(instant.getTime(), timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of the ISO week holding `date`. */
export function startOfWeek(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The UTC range [from, to) covering `days` local days from `date` in `timeZone`. */
export function zonedDayRange(date: string, days: number, timeZone: string): { from: Date; to: Date } {
  return { from: zonedToUtc(date, '00:00', timeZone), to: zonedToUtc(addDays(date, days), '00:00', timeZone) };
}
