import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, isIsoDate, isTimeZone, startOfWeek, timeInZone, zonedDayRange, zonedToUtc } from './time-zone';

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
});
