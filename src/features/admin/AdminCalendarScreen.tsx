import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCalendarEvent } from '../../../contract/calendar';
import { addDays, dateInZone, startOfWeek } from '../../../contract/time-zone';
import { queryClient } from '../../data/query-client';
import { showAlert } from '../../lib/alerts';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { Skeleton } from '../../ui/Skeleton';
import { adminCalendarEventsQuery, deleteCalendarEvent, calendarChanged, deviceTimeZone, formatFigure, ImportanceBars, zoneLabel } from '../calendar';
import '../calendar/calendar.css';
import { EventDialog } from './EventDialog';
import { showErrorAlert } from '../../lib/error-alert';
import { errorStatus } from '../../lib/http';
import { LoadError } from '../../ui/LoadError';

/** admin.calendar: staff list a week of events (in their own zone), add, edit and delete them. */
export function AdminCalendarScreen() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  usePageTitle(t`Calendar`);
  const timeZone = deviceTimeZone();
  const [week, setWeek] = useState(() => startOfWeek(dateInZone(new Date(), timeZone)));
  const [editing, setEditing] = useState<AdminCalendarEvent | 'new' | null>(null);
  const range = { date: week, days: 7, timeZone };
  const query = useQuery(adminCalendarEventsQuery(range), queryClient);

  // The title in the interface language, wherever the screen names an event (cells, buttons, alerts).
  const titleOf = (event: AdminCalendarEvent) => event[`title_${lang}` as const];

  const remove = async (event: AdminCalendarEvent) => {
    const answer = await showAlert({
      kind: 'calendar.delete',
      tone: 'warning',
      title: t`Delete this event?`,
      text: t`“${titleOf(event)}” will disappear from every client’s calendar.`,
      confirmLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (answer !== 'confirm') return;
    try {
      await deleteCalendarEvent(event.id);
    } catch (failure) {
      if (errorStatus(failure) !== 404) void showErrorAlert(failure);
    } finally {
      // Deleted, or already gone (404): either way the list must show what is stored now.
      await calendarChanged();
    }
  };

  const when = (iso: string) =>
    i18n.date(new Date(iso), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const weekLabel = `${i18n.date(new Date(`${week}T12:00:00Z`), { day: 'numeric', month: 'long', timeZone: 'UTC' })} – ${i18n.date(new Date(`${addDays(week, 6)}T12:00:00Z`), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;

  return (
    <>
      <div className="admin-calendar-head">
        <div>
          <h2 className="section-title" style={{ marginBottom: 0 }}>
            {weekLabel}
          </h2>
          <p className="field-hint">
            <Trans>Times in {zoneLabel(timeZone, lang)}.</Trans>
          </p>
        </div>
        <div className="calendar-nav">
          <button type="button" className="btn btn-ghost" onClick={() => setWeek(addDays(week, -7))} aria-label={t`Previous week`}>
            ‹
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setWeek(addDays(week, 7))} aria-label={t`Next week`}>
            ›
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <PlusIcon size={18} />
            <Trans>Add event</Trans>
          </button>
        </div>
      </div>
      {query.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            <Trans>Loading events…</Trans>
          </span>
          <Skeleton width="100%" height={200} radius="var(--radius-lg)" />
        </div>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>
          <Trans>The events could not be loaded.</Trans>
        </LoadError>
      ) : query.data.events.length === 0 ? (
        <div className="card calendar-empty">
          <Trans>No events this week. Events you add here are shown to clients in their own time zone.</Trans>
        </div>
      ) : (
        <div className="card calendar-day">
          <table className="calendar-table" data-testid="admin-events">
            <caption className="visually-hidden">
              <Trans>Events of the week</Trans>
            </caption>
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
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.events.map((event) => (
                <tr key={event.id}>
                  <td className="cal-time">
                    <time dateTime={event.starts_at}>{when(event.starts_at)}</time>
                  </td>
                  <td className="cal-currency">
                    <strong>{event.currency}</strong>
                    <span className="cal-country">{event.country}</span>
                  </td>
                  <td className="cal-importance">
                    <ImportanceBars importance={event.importance} />
                  </td>
                  <td className="cal-title">{titleOf(event)}</td>
                  <td className="num" data-label={t`Actual`}>
                    {event.actual ? formatFigure(event.actual, lang) : '—'}
                  </td>
                  <td className="cal-actions">
                    <div className="row-actions">
                      <button type="button" className="btn btn-secondary" onClick={() => setEditing(event)} aria-label={t`Edit “${titleOf(event)}”`}>
                        <Trans>Edit</Trans>
                      </button>
                      <button type="button" className="btn btn-ghost" onClick={() => void remove(event).catch(() => {})} aria-label={t`Delete “${titleOf(event)}”`}>
                        <Trans>Delete</Trans>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <EventDialog
          event={editing === 'new' ? null : editing}
          timeZone={timeZone}
          defaultDate={week}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void calendarChanged();
          }}
        />
      ) : null}
    </>
  );
}
