import { describe, expect, it } from 'vitest';
import { zoneLabel, zoneName } from './calendar-format';

describe('time zone names', () => {
  it('writes Kyiv as Kyiv, whatever identifier the browser resolves', () => {
    expect(zoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(zoneName('America/New_York')).toBe('America/New York');
    expect(zoneLabel('Europe/Kiev', 'ua')).toMatch(/^Kyiv \(GMT\+0[23]:00\)$/);
  });
});
