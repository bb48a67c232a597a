import { Trans } from '@lingui/react/macro';
import { intlLocale } from '../../../contract/locales';
import { isWeekdays, type OfficeHours } from '../../../contract/support';
import { useLang } from '../../lib/use-lang';

/** A Monday (ISO weekday 1) to name weekdays with Intl. */
const MONDAY = Date.UTC(2024, 0, 1);

/** "weekdays, 09:00–18:00 (Europe/London)", or the days named in the user's language. */
export function OfficeHoursText({ hours }: { hours: OfficeHours }) {
  const locale = intlLocale(useLang());
  const span = `${hours.from}–${hours.to}`;
  const zone = hours.time_zone;
  if (isWeekdays(hours.days)) return <Trans>weekdays, {span} ({zone})</Trans>;
  // Days other than Monday to Friday are named through Intl; the usual week needs no Intl object.
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const days = new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(
    hours.days.map((day) => dayName.format(new Date(MONDAY + (day - 1) * 86_400_000))),
  );
  return <Trans>{days}, {span} ({zone})</Trans>;
}
