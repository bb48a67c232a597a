/** The part of the day a greeting names (the home screen's heading), by the hour on the visitor's clock. */
export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Evening from 18:00 until 05:00, morning until noon, afternoon after it. */
export function dayPartAt(hour: number): DayPart {
  if (hour < 5 || hour >= 18) return 'evening';
  if (hour < 12) return 'morning';
  return 'afternoon';
}

/** Whether `timeZone` is an IANA zone this runtime's Intl knows (a cookie may hold anything). */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The hour (0-23) at `date` on a clock in `timeZone`. */
export function hourIn(date: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(date);
  return Number(hour) % 24;
}
