import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Importance } from '../../../contract/calendar';
import { intlLocale, type Locale } from '../../../contract/locales';

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
/** A name Intl could not give in the language and fell back to the identifier's English city for. */
const hasLatin = (text: string) => /[A-Za-z]{2,}/.test(text.replaceAll('GMT', ''));

function zoneNamePart(locale: string, timeZone: string, style: Intl.DateTimeFormatOptions['timeZoneName'], at: Date): string {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

type LocaleWithZones = Intl.Locale & { getTimeZones?: () => string[] | undefined; timeZones?: string[] };
let zoneRegions: Map<string, string> | null | undefined;

/**
 * Zone → country code, from Intl.Locale's time zones of every region (Intl Locale Info), or null
 * where the browser lacks it. Chromium's ICU has country names in every language but no city
 * names outside English, so the country is what names a zone's place.
 */
function regionsOfZones(): Map<string, string> | null {
  if (zoneRegions !== undefined) return zoneRegions;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const regions = new Map<string, string>();
  try {
    // Asking only the codes that name a region keeps this to about 250 lookups out of 676.
    const known = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const first of letters) {
      for (const second of letters) {
        const region = `${first}${second}`;
        if (!known.of(region)) continue;
        const locale = new Intl.Locale(`und-${region}`) as LocaleWithZones;
        const zones = typeof locale.getTimeZones === 'function' ? locale.getTimeZones() : locale.timeZones;
        for (const zone of zones ?? []) if (!regions.has(zone)) regions.set(zone, region);
      }
    }
  } catch {
    regions.clear();
  }
  zoneRegions = regions.size > 0 ? regions : null;
  return zoneRegions;
}

/** Where a zone is, in the language: its country, else the place ICU names, else nothing. */
function placeOf(timeZone: string, lang: Locale, at: Date): string {
  const locale = intlLocale(lang);
  const region = regionsOfZones()?.get(timeZone);
  if (region) {
    try {
      const country = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(region);
      if (country) return country;
    } catch {
      // An unknown region: fall through to ICU's place.
    }
  }
  const place = zoneNamePart(locale, timeZone, 'shortGeneric', at).replace(PLACE_WRAPPER[lang] ?? /^$/, '');
  return OFFSET_ONLY.test(place) || hasLatin(place) ? '' : place;
}

/**
 * A zone as people read it in the interface language: where it is, the name of its time and its
 * offset now, all from Intl (CLDR), so nothing is English in ru or ua: "Kyiv — Eastern European
 * Time (GMT+02:00)", «Украина — Восточная Европа (GMT+02:00)», «Україна — за східноєвропейським
 * часом (GMT+02:00)». English takes the city of the identifier; Russian and Ukrainian the
 * country (see regionsOfZones). UTC reads as its name, an offset-only zone (Etc/GMT+5) as its offset.
 */
export function zoneLabel(timeZone: string, lang: Locale, at: Date = new Date()): string {
  const locale = intlLocale(lang);
  const offset = zoneNamePart(locale, timeZone, 'longOffset', at);
  if (!offset) return cityOf(timeZone);
  if (/^(Etc\/|UTC$|GMT$)/.test(timeZone)) {
    const long = zoneNamePart(locale, timeZone, 'long', at);
    return OFFSET_ONLY.test(long) || (lang !== 'en' && hasLatin(long)) ? offset : `${long} (${offset})`;
  }
  const place = lang === 'en' ? cityOf(timeZone) : placeOf(timeZone, lang, at);
  const generic = zoneNamePart(locale, timeZone, 'longGeneric', at);
  const time = generic && !OFFSET_ONLY.test(generic) && generic !== place && (lang === 'en' || !hasLatin(generic)) ? generic : '';
  const name = [place, time].filter(Boolean).join(' — ');
  return name ? `${name} (${offset})` : offset;
}

/** The zone people pick among those that read the same (the main city of a country's time). */
const REPRESENTATIVE = new Set([
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu',
  'America/Toronto', 'America/Winnipeg', 'America/Edmonton', 'America/Vancouver', 'America/Halifax', 'America/Mexico_City',
  'America/Sao_Paulo', 'America/Manaus', 'America/Buenos_Aires', 'America/Argentina/Buenos_Aires', 'America/Santiago',
  'Europe/Madrid', 'Europe/Berlin', 'Europe/Lisbon', 'Europe/Kyiv', 'Europe/Kiev', 'Europe/Moscow', 'Asia/Almaty',
  'Asia/Jakarta', 'Asia/Kuala_Lumpur', 'Asia/Shanghai', 'Australia/Sydney', 'Pacific/Auckland', 'Africa/Kinshasa',
]);

/**
 * Every zone with its label in `lang`, ordered by offset now, then by label in that language.
 * Zones that read the same (one country, one time, one offset: Madrid and Ceuta) are one option;
 * `keep` (the value chosen) is always among them.
 */
export function zoneOptions(lang: Locale, zones: string[], at: Date = new Date(), keep?: string): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator(intlLocale(lang));
  const byLabel = new Map<string, { value: string; label: string; offset: number }>();
  const rank = (zone: string) => (zone === keep ? 0 : REPRESENTATIVE.has(zone) ? 1 : 2);
  for (const option of labelled(lang, zones, at)) {
    const zone = option.value;
    const held = byLabel.get(option.label);
    if (!held || rank(zone) < rank(held.value)) byLabel.set(option.label, option);
  }
  return [...byLabel.values()]
    .sort((a, b) => a.offset - b.offset || collator.compare(a.label, b.label))
    .map(({ value, label }) => ({ value, label }));
}

/** Labels take a few hundred Intl calls: made once per language and day (offsets change with DST). */
const labelCache = new Map<string, Array<{ value: string; label: string; offset: number }>>();

function labelled(lang: Locale, zones: string[], at: Date): Array<{ value: string; label: string; offset: number }> {
  const key = `${lang}|${at.toISOString().slice(0, 10)}|${zones.length}`;
  let list = labelCache.get(key);
  if (!list) {
    list = zones.map((zone) => ({ value: zone, label: zoneLabel(zone, lang, at), offset: offsetMinutes(zone, at) }));
    labelCache.set(key, list);
  }
  return list;
}

/** The zone select's options in the interface language, computed once per language (and kept value). */
export function useZoneOptions(lang: Locale, keep?: string): Array<{ value: string; label: string }> {
  return useMemo(() => zoneOptions(lang, allTimeZones(), new Date(), keep), [lang, keep]);
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
