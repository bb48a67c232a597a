import type { OfficeHours } from './support';
import { addDays, dateInZone, timeInZone, zonedToUtc } from './time-zone';

/** ISO weekday (1 Monday … 7 Sunday) of an ISO date. */
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

export interface OfficeHoursNow {
  /** `now` falls on a working day between `from` and `to`, in the hours' own time zone. */
  in_hours: boolean;
  /** When the hours that are on now end; null outside hours. */
  closes_at: string | null;
  /** When the next hours begin (within the coming week); null while in hours or with no working day. */
  opens_at: string | null;
}

/**
 * Whether support's office hours are on at `now`, computed in the hours' time zone (so a client in
 * another zone, and daylight-saving changes, do not move them), and when that next changes.
 */
export function officeHoursAt(hours: OfficeHours, now: Date): OfficeHoursNow {
  const today = dateInZone(now, hours.time_zone);
  const time = timeInZone(now, hours.time_zone);
  if (hours.days.includes(isoWeekday(today) as OfficeHours['days'][number]) && time >= hours.from && time < hours.to) {
    return { in_hours: true, closes_at: zonedToUtc(today, hours.to, hours.time_zone).toISOString(), opens_at: null };
  }
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = addDays(today, ahead);
    if (!hours.days.includes(isoWeekday(date) as OfficeHours['days'][number])) continue;
    const opens = zonedToUtc(date, hours.from, hours.time_zone);
    if (opens > now) return { in_hours: false, closes_at: null, opens_at: opens.toISOString() };
  }
  return { in_hours: false, closes_at: null, opens_at: null };
}
