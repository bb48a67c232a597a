import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CALENDAR_CURRENCIES, type CalendarSettings, IMPORTANCE_LEVELS } from '../../../contract/calendar';
import { addDays, dateInZone, startOfWeek } from '../../../contract/time-zone';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { calendarSettingsQuery } from './api/calendar';
import { deviceTimeZone, useImportanceLabel, zoneLabel } from './calendar-format';
import { EventsByDay } from './EventsByDay';
import { useCalendarLive } from './use-calendar-live';
import './calendar.css';
import { LoadError } from '../../ui/LoadError';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';

type View = 'day' | 'week';

/** The economic calendar for clients: starts filtered by their settings, in their time zone. */
export function CalendarScreen() {
  const { t } = useLingui();
  usePageTitle(t`Economic calendar`);
  useCalendarLive();
  const settings = useQuery(calendarSettingsQuery(), queryClient);

  return (
    <>
      <PageHeader title={t`Economic calendar`} lead={t`Scheduled releases and central bank decisions that move the markets.`} />
      {settings.isPending ? (
        <div aria-busy="true" className="calendar-loading">
          <span className="visually-hidden" role="status">
            <Trans>Loading the calendar…</Trans>
          </span>
          <Skeleton width="100%" height={100} radius="var(--radius-lg)" />
          <Skeleton width="100%" height={200} radius="var(--radius-lg)" />
        </div>
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()}>
          <Trans>The calendar could not be loaded.</Trans>
        </LoadError>
      ) : (
        <CalendarView settings={settings.data} />
      )}
    </>
  );
}

function CalendarView({ settings }: { settings: CalendarSettings }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const importanceLabel = useImportanceLabel();
  const timeZone = settings.time_zone ?? deviceTimeZone();
  const today = dateInZone(new Date(), timeZone);
  const [view, setView] = useState<View>('day');
  const [date, setDate] = useState(today);
  const [currencies, setCurrencies] = useState<string[]>(settings.currencies);
  const [importance, setImportance] = useState<number[]>(settings.importance);

  const first = view === 'week' ? startOfWeek(date) : date;
  const days = view === 'week' ? 7 : 1;
  const step = (direction: 1 | -1) => setDate(addDays(first, direction * days));
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const dayFormat = (day: string, options: Intl.DateTimeFormatOptions) => i18n.date(new Date(`${day}T12:00:00Z`), { ...options, timeZone: 'UTC' });
  const rangeLabel =
    view === 'day'
      ? dayFormat(first, { dateStyle: 'full' })
      : `${dayFormat(first, { day: 'numeric', month: 'long' })} – ${dayFormat(addDays(first, 6), { day: 'numeric', month: 'long', year: 'numeric' })}`;

  return (
    <>
      <div className="card calendar-toolbar">
        <div className="calendar-toolbar-row">
          <SegmentedControl
            small
            label={t`Period`}
            options={[
              { value: 'day', label: t`Day` },
              { value: 'week', label: t`Week` },
            ]}
            value={view}
            onChange={setView}
          />
          <div className="calendar-nav">
            <button type="button" className="btn btn-ghost" onClick={() => step(-1)} aria-label={view === 'day' ? t`Previous day` : t`Previous week`}>
              ‹
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDate(today)} disabled={date === today}>
              <Trans>Today</Trans>
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => step(1)} aria-label={view === 'day' ? t`Next day` : t`Next week`}>
              ›
            </button>
            <label className="calendar-date">
              <span className="visually-hidden">
                <Trans>Date</Trans>
              </span>
              <input
                type="date"
                className="input"
                value={date}
                onChange={(event) => {
                  if (event.target.value) setDate(event.target.value);
                }}
              />
            </label>
          </div>
        </div>
        <p className="calendar-range" aria-live="polite">
          <strong>{rangeLabel}</strong>
          <span className="field-hint">
            <Trans>Times in {zoneLabel(timeZone, lang)}.</Trans>{' '}
            <Link to="/$lang/settings/settings" params={{ lang }}>
              <Trans>Change</Trans>
            </Link>
          </span>
        </p>
        <div className="calendar-filters">
          <fieldset className="chip-group">
            <legend>
              <Trans>Currencies</Trans>
            </legend>
            {CALENDAR_CURRENCIES.map((code) => (
              <label key={code} className="chip">
                <input type="checkbox" checked={currencies.includes(code)} onChange={() => setCurrencies(toggle(currencies, code))} />
                <span>{code}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="chip-group">
            <legend>
              <Trans>Importance</Trans>
            </legend>
            {IMPORTANCE_LEVELS.map((level) => (
              <label key={level} className="chip">
                <input type="checkbox" checked={importance.includes(level)} onChange={() => setImportance(toggle(importance, level))} />
                <span>{importanceLabel(level)}</span>
              </label>
            ))}
          </fieldset>
        </div>
      </div>
      <EventsByDay range={{ date: first, days, timeZone }} filter={{ currencies, importance }} />
    </>
  );
}
