import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  dateInZone,
  isIsoDate,
  isTimeZone,
  startOfWeek,
  TIME_ZONE_CACHE_MAX,
  timeInZone,
  timeZoneCacheSize,
  zonedDayRange,
  zonedToUtc,
} from './time-zone';

describe('time-zone arithmetic', () => {
  it('turns a local wall time into the right instant, summer and winter', () => {
    expect(zonedToUtc('2031-06-02', '15:30', 'Europe/Kyiv').toISOString()).toBe('2031-06-02T12:30:00.000Z');
    expect(zonedToUtc('2031-01-15', '15:30', 'Europe/Kyiv').toISOString()).toBe('2031-01-15T13:30:00.000Z');
    expect(zonedToUtc('2031-01-15', '08:30', 'America/New_York').toISOString()).toBe('2031-01-15T13:30:00.000Z');
    expect(zonedToUtc('2031-01-15', '08:30', 'UTC').toISOString()).toBe('2031-01-15T08:30:00.000Z');
  });

  it('makes a local day 23 or 25 hours long when the clocks change', () => {
    const spring = zonedDayRange('2031-03-30', 1, 'Europe/Kyiv');
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(23);
    const autumn = zonedDayRange('2031-11-02', 1, 'America/New_York');
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(25);
  });

  it('puts 23:30 UTC on the next day in Kyiv and the same day in New York', () => {
    const instant = new Date('2031-03-10T23:30:00.000Z');
    expect(dateInZone(instant, 'Europe/Kyiv')).toBe('2031-03-11');
    expect(timeInZone(instant, 'Europe/Kyiv')).toBe('01:30');
    expect(dateInZone(instant, 'America/New_York')).toBe('2031-03-10');
    expect(timeInZone(instant, 'America/New_York')).toBe('19:30');
  });

  it('walks calendar days and finds the Monday of a week', () => {
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
    expect(addDays('2031-01-01', -1)).toBe('2030-12-31');
    expect(startOfWeek('2031-03-16')).toBe('2031-03-10');
    expect(startOfWeek('2031-03-10')).toBe('2031-03-10');
  });

  it('accepts only real dates and known zones', () => {
    expect(isIsoDate('2031-02-29')).toBe(false);
    expect(isIsoDate('2032-02-29')).toBe(true);
    expect(isTimeZone('Europe/Kyiv')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('keeps its caches bounded whatever spellings arrive: five times the bound in spellings of one zone share one formatter', () => {
    const zone = 'America/Argentina/ComodRivadavia';
    const letters = [...zone].filter((ch) => /[a-z]/i.test(ch)).length;
    const count = 5 * TIME_ZONE_CACHE_MAX;
    expect(2 ** letters).toBeGreaterThan(2 * count);
    const spelling = (n: number) => {
      let bits = n;
      return [...zone].map((ch) => (/[a-z]/i.test(ch) ? ((bits = bits >> 1), bits & 1 ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join('');
    };
    const instant = new Date('2031-03-10T23:30:00.000Z');
    const expected = dateInZone(instant, zone);
    const formatsBefore = timeZoneCacheSize().formats;
    const wrong: string[] = [];
    for (let n = 0; n < count; n++) {
      const name = spelling(n * 2);
      if (!isTimeZone(name) || dateInZone(instant, name) !== expected) wrong.push(name);
    }
    expect(wrong).toEqual([]);
    const size = timeZoneCacheSize();
    expect(size.spellings).toBeLessThanOrEqual(TIME_ZONE_CACHE_MAX);
    expect(size.formats).toBe(formatsBefore);
    // Each spelling costs an Intl construction: allowed time for a loaded machine, not a timing.
  }, 60_000);

  it('names a zone as the runtime does, so that every spelling shares one entry', () => {
    expect(canonicalTimeZone('europe/PARIS')).toBe('Europe/Paris');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(() => canonicalTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
