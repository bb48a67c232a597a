import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE_HOURS, type OfficeHours } from './support';
import { officeHoursAt } from './support-hours';

const kyiv: OfficeHours = { ...DEFAULT_OFFICE_HOURS, days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00', time_zone: 'Europe/Kyiv' };

describe('office hours now, in the hours’ own time zone', () => {
  it('are on from the opening minute and off at the closing one', () => {
    // Monday 2030-01-14: Kyiv is UTC+2 in winter.
    expect(officeHoursAt(kyiv, new Date('2030-01-14T07:00:00Z'))).toEqual({ in_hours: true, closes_at: '2030-01-14T16:00:00.000Z', opens_at: null });
    expect(officeHoursAt(kyiv, new Date('2030-01-14T06:59:00Z'))).toEqual({ in_hours: false, closes_at: null, opens_at: '2030-01-14T07:00:00.000Z' });
    expect(officeHoursAt(kyiv, new Date('2030-01-14T16:00:00Z'))).toEqual({ in_hours: false, closes_at: null, opens_at: '2030-01-15T07:00:00.000Z' });
  });

  it('skip the days support does not work, across the week’s end', () => {
    // Already Saturday in Kyiv while still Friday in UTC: the office's calendar decides.
    expect(officeHoursAt(kyiv, new Date('2030-01-18T22:30:00Z')).opens_at).toBe('2030-01-21T07:00:00.000Z');
    const sundaysOnly: OfficeHours = { ...kyiv, days: [7] };
    expect(officeHoursAt(sundaysOnly, new Date('2030-01-20T16:30:00Z')).opens_at).toBe('2030-01-27T07:00:00.000Z');
  });
});
