import { describe, expect, it } from 'vitest';
import { allTimeZones, formatFigure, zoneLabel, zoneOptions } from './calendar-format';

const WINTER = new Date('2026-01-15T12:00:00Z');

describe('time zone names', () => {
  it('writes Kyiv as Kyiv in English, whatever identifier the browser resolves', () => {
    expect(zoneLabel('Europe/Kiev', 'en', WINTER)).toBe('Kyiv — Eastern European Time (GMT+02:00)');
    expect(zoneLabel('America/New_York', 'en', WINTER)).toBe('New York — Eastern Time (GMT-05:00)');
  });

  it('names every zone in Russian and Ukrainian from Intl, without a word of English', () => {
    expect(zoneLabel('America/New_York', 'ru', WINTER)).toBe('Соединенные Штаты — Восточная Америка (GMT-05:00)');
    expect(zoneLabel('Europe/Kiev', 'ua', WINTER)).toBe('Україна — за східноєвропейським часом (GMT+02:00)');
    for (const lang of ['ru', 'ua'] as const) {
      const english = allTimeZones()
        .map((zone) => zoneLabel(zone, lang, WINTER))
        .filter((label) => /[A-Za-z]{2,}/.test(label.replaceAll('GMT', '')));
      expect(english).toEqual([]);
    }
  });

  it('lists each label once, ordered by offset, and keeps the chosen zone', () => {
    for (const lang of ['en', 'ru', 'ua'] as const) {
      const options = zoneOptions(lang, allTimeZones(), WINTER, 'Africa/Ceuta');
      expect(options.map((o) => o.value)).toContain('Africa/Ceuta');
      expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
      const offsets = options.map(({ label }) => {
        const [, sign, hours, minutes] = /GMT(?:([+\-−])(\d{2}):(\d{2}))?\)?$/.exec(label) ?? [];
        return sign ? (sign === '+' ? 1 : -1) * (Number(hours) * 60 + Number(minutes)) : 0;
      });
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(offsets[0]).toBeLessThan(0);
    }
  });
});

describe('calendar figures', () => {
  const shown = (lang: 'en' | 'ru' | 'ua') => ['0.3%', '-0.1%', '+4.25%', '207K', '14.5K', '-1.2M', '50.1', '-33', '1500K', 'n/a'].map((f) => formatFigure(f, lang).replaceAll('\u00a0', ' '));

  it('keep the figures as typed in English', () => {
    expect(shown('en')).toEqual(['0.3%', '-0.1%', '+4.25%', '207K', '14.5K', '-1.2M', '50.1', '-33', '1,500K', 'n/a']);
  });

  it('write them with a decimal comma and the words of Russian and Ukrainian', () => {
    expect(shown('ru')).toEqual(['0,3 %', '-0,1 %', '+4,25 %', '207 тыс.', '14,5 тыс.', '-1,2 млн', '50,1', '-33', '1 500K', 'n/a']);
    expect(shown('ua')).toEqual(['0,3%', '-0,1%', '+4,25%', '207 тис.', '14,5 тис.', '-1,2 млн', '50,1', '-33', '1 500K', 'n/a']);
  });
});
