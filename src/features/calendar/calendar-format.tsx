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

/**
 * A zone's name for a list: "Europe/Kyiv", "America/New York". Browsers still resolve Kyiv under
 * its old identifier `Europe/Kiev`; the product always writes the city's name as Kyiv.
 */
export function zoneName(timeZone: string): string {
  return timeZone.replace(/\bKiev\b/, 'Kyiv').replaceAll('_', ' ');
}

/** A zone as people read it: "Kyiv (GMT+02:00)". */
export function zoneLabel(timeZone: string, lang: Locale): string {
  const city = zoneName(timeZone).split('/').pop() ?? timeZone;
  try {
    const offset = new Intl.DateTimeFormat(intlLocale(lang), { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${city} (${offset})` : city;
  } catch {
    return city;
  }
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
