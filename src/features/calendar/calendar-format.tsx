import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Importance } from '../../contract/calendar';
import { intlLocale, type Locale } from '../../contract/locales';

/** The zone the browser runs in; the calendar's default when the client has chosen none. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function useImportanceLabel(): (importance: number) => string {
  const { t } = useLingui();
  return (importance) => (importance >= 3 ? t`High importance` : importance === 2 ? t`Medium importance` : t`Low importance`);
}

/** Importance as one to three filled bars, read out as words. */
export function ImportanceBars({ importance }: { importance: Importance | number }) {
  const label = useImportanceLabel()(importance);
  return (
    <span className={`importance importance-${importance}`} role="img" aria-label={label} title={label}>
      {[1, 2, 3].map((level) => (
        <span key={level} className={level <= importance ? 'importance-bar importance-bar-on' : 'importance-bar'} />
      ))}
    </span>
  );
}

/** Country and currency names in the interface language (Intl.DisplayNames). */
export function useDisplayNames(lang: Locale) {
  return useMemo(() => {
    const locale = intlLocale(lang);
    const regions = new Intl.DisplayNames([locale], { type: 'region' });
    const currencies = new Intl.DisplayNames([locale], { type: 'currency' });
    return {
      country: (code: string) => regions.of(code) ?? code,
      currency: (code: string) => currencies.of(code) ?? code,
    };
  }, [lang]);
}

/** The city of a zone's identifier: "America/New_York" → "New York". Kyiv is always written Kyiv. */
function cityOf(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/^Kiev$/, 'Kyiv').replaceAll('_', ' ');
}

/** Ukrainian wraps a place as "час: Україна" where it has no name for the zone's time; the list wants the place. */
const PLACE_WRAPPER: Partial<Record<Locale, RegExp>> = { ua: /^час:\s*/ };
const OFFSET_ONLY = /^(GMT|UTC)([+\-−]\d|$)/;

function zoneNamePart(locale: string, timeZone: string, style: Intl.DateTimeFormatOptions['timeZoneName'], at: Date): string {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * A zone as people read it in the interface language: where it is, the name of its time and its
 * offset now, all from Intl (CLDR), so nothing is English in ru or ua: "Kyiv — Eastern European
 * Time (GMT+02:00)", «Украина — Восточная Европа (GMT+02:00)», «Україна — за східноєвропейським
 * часом (GMT+02:00)». English has short names ("ET") instead of places, so its place is the city
 * of the identifier; UTC reads as its name, an offset-only zone (Etc/GMT+5) as its offset.
 */
export function zoneLabel(timeZone: string, lang: Locale, at: Date = new Date()): string {
  const locale = intlLocale(lang);
  const offset = zoneNamePart(locale, timeZone, 'longOffset', at);
  if (!offset) return cityOf(timeZone);
  const generic = zoneNamePart(locale, timeZone, 'longGeneric', at);
  const shortName = zoneNamePart(locale, timeZone, 'shortGeneric', at);
  const place = lang === 'en' ? cityOf(timeZone) : shortName.replace(PLACE_WRAPPER[lang] ?? /^$/, '');
  if (/^(Etc\/|UTC$|GMT$)/.test(timeZone)) {
    const long = zoneNamePart(locale, timeZone, 'long', at);
    return OFFSET_ONLY.test(long) ? offset : `${long} (${offset})`;
  }
  const name = generic && !OFFSET_ONLY.test(generic) && generic !== place ? `${place} — ${generic}` : place;
  return `${name} (${offset})`;
}

/** Every zone with its label in `lang`, ordered by offset now, then by label in that language. */
export function zoneOptions(lang: Locale, zones: string[], at: Date = new Date()): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator(intlLocale(lang));
  return zones
    .map((zone) => ({ value: zone, label: zoneLabel(zone, lang, at), offset: offsetMinutes(zone, at) }))
    .sort((a, b) => a.offset - b.offset || collator.compare(a.label, b.label))
    .map(({ value, label }) => ({ value, label }));
}

/** The zone select's options in the interface language, computed once per language. */
export function useZoneOptions(lang: Locale): Array<{ value: string; label: string }> {
  return useMemo(() => zoneOptions(lang, allTimeZones()), [lang]);
}

/** Minutes east of UTC at `at`, from the zone's "GMT+05:30" offset. */
function offsetMinutes(timeZone: string, at: Date): number {
  const match = /([+\-−])(\d{2}):(\d{2})/.exec(zoneNamePart('en', timeZone, 'longOffset', at));
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '+' ? minutes : -minutes;
}

/** Every zone the browser knows, for a select. */
export function allTimeZones(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : ['UTC', ...zones];
  } catch {
    return ['UTC', 'Europe/Kyiv', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
  }
}

/** A figure as staff type it: sign, digits with a point, then %, K, M, B or T ("-0.3%", "207K"). */
const FIGURE = /^([+\-−]?)(\d+)(?:\.(\d+))?(%|[KMBT])?$/;
const SCALE = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 } as const;

/**
 * A calendar figure in the interface language, with the digits as typed: "0,3 %" and "1,2 млн" in
 * Russian, "14,5 тис." in Ukrainian, "207K" in English. Anything else (free text) stays as it is.
 */
export function formatFigure(figure: string, lang: Locale): string {
  const match = FIGURE.exec(figure.trim());
  if (!match) return figure;
  const [, sign = '', whole = '', fraction = '', unit] = match;
  const decimals = fraction.length;
  const value = Number(`${whole}.${fraction || '0'}`) * (sign === '-' || sign === '−' ? -1 : 1);
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: sign === '+' ? 'exceptZero' : 'auto',
  };
  const locale = intlLocale(lang);
  if (unit === '%') return new Intl.NumberFormat(locale, { ...options, style: 'percent' }).format(value / 100);
  // Compact notation says the same only while the digits stay under the next unit (not "1500K").
  if (unit && whole.length <= 3) return new Intl.NumberFormat(locale, { ...options, notation: 'compact' }).format(value * SCALE[unit as keyof typeof SCALE]);
  return new Intl.NumberFormat(locale, options).format(value) + (unit ?? '');
}
