import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '../../../contract/calendar';
import { addDays, dateInZone } from '../../../contract/time-zone';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { Skeleton } from '../../ui/Skeleton';
import { type CalendarFilter, type CalendarRangeParams, calendarEventsQuery } from './api/calendar';
import { formatFigure, ImportanceBars, useDisplayNames } from './calendar-format';
import { LoadError } from '../../ui/LoadError';

/** The range's events under one heading per local day, each day a table. */
export function EventsByDay({ range, filter }: { range: CalendarRangeParams; filter: CalendarFilter }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const names = useDisplayNames(lang);
  const query = useQuery({ ...calendarEventsQuery(lang, range, filter), placeholderData: keepPreviousData }, queryClient);

  if (query.isPending) {
    return (
      <div aria-busy="true" className="calendar-days">
        <span className="visually-hidden" role="status">
          <Trans>Loading events…</Trans>
        </span>
        <Skeleton width="100%" height={200} radius="var(--radius-lg)" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError onRetry={() => void query.refetch()}>
        <Trans>The events could not be loaded.</Trans>
      </LoadError>
    );
  }

  const byDay = new Map<string, CalendarEvent[]>();
  for (let i = 0; i < range.days; i++) byDay.set(addDays(range.date, i), []);
  for (const event of query.data.events) byDay.get(dateInZone(new Date(event.starts_at), range.timeZone))?.push(event);
  const time = (iso: string) => i18n.date(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: range.timeZone });
  const heading = (day: string) => i18n.date(new Date(`${day}T12:00:00Z`), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const now = Date.now();

  return (
    <div className="calendar-days" aria-busy={query.isFetching} data-testid="calendar-events">
      {[...byDay].map(([day, events]) => (
        <section key={day} className="card calendar-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="calendar-day-title">
            {heading(day)}
          </h2>
          {events.length === 0 ? (
            <p className="calendar-empty">
              <Trans>No events match your filters on this day.</Trans>
            </p>
          ) : (
            <table className="calendar-table">
              <thead>
                <tr>
                  <th scope="col">{t`Time`}</th>
                  <th scope="col">{t`Currency`}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t`Importance`}</span>
                  </th>
                  <th scope="col">{t`Event`}</th>
                  <th scope="col" className="num">
                    {t`Actual`}
                  </th>
                  <th scope="col" className="num">
                    {t`Forecast`}
                  </th>
                  <th scope="col" className="num">
                    {t`Previous`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id} className={Date.parse(event.starts_at) < now ? 'is-past' : undefined}>
                    <td className="cal-time">
                      <time dateTime={event.starts_at}>{time(event.starts_at)}</time>
                    </td>
                    <td className="cal-currency">
                      <abbr title={`${names.currency(event.currency)} · ${names.country(event.country)}`}>{event.currency}</abbr>
                      <span className="cal-country">{event.country}</span>
                    </td>
                    <td className="cal-importance">
                      <ImportanceBars importance={event.importance} />
                    </td>
                    <td className="cal-title">{event.title}</td>
                    <td className="num cal-actual" data-label={t`Actual`}>
                      {event.actual ? formatFigure(event.actual, lang) : '—'}
                    </td>
                    <td className="num" data-label={t`Forecast`}>
                      {event.forecast ? formatFigure(event.forecast, lang) : '—'}
                    </td>
                    <td className="num" data-label={t`Previous`}>
                      {event.previous ? formatFigure(event.previous, lang) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
