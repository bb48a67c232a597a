import { queryOptions } from '@tanstack/react-query';
import type { AdminCalendarEvent, CalendarEventBodyInput, CalendarEventsAnswer, CalendarSettings } from '../../../../contract/calendar';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';

export interface CalendarRangeParams {
  /** First local day, `YYYY-MM-DD`. */
  date: string;
  days: number;
  timeZone: string;
}

export interface CalendarFilter {
  currencies: string[];
  importance: number[];
}

/**
 * Every calendar query key starts with `calendar`, so one invalidation (calendar-changed.ts)
 * refetches whatever calendar is on screen.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  events: (lang: Locale, range: CalendarRangeParams, filter: CalendarFilter) => ['calendar', 'events', lang, range, filter] as const,
  admin: (range: CalendarRangeParams) => ['calendar', 'admin', range] as const,
  settings: ['calendar-settings'] as const,
};

const rangeQuery = (range: CalendarRangeParams) => ({ date: range.date, days: String(range.days), time_zone: range.timeZone });

/** GET /api/calendar/events: the local days of `range`, filtered, titles in the current language. */
export const calendarEventsQuery = (lang: Locale, range: CalendarRangeParams, filter: CalendarFilter) =>
  queryOptions({
    queryKey: calendarKeys.events(lang, range, filter),
    // Staff may have changed an event while the tab was in the background.
    refetchOnWindowFocus: true,
    queryFn: () =>
      request<CalendarEventsAnswer>('/api/calendar/events', {
        loader: false,
        query: { ...rangeQuery(range), currencies: filter.currencies.join(','), importance: filter.importance.join(',') },
      }),
  });

/** GET /api/calendar/settings */
export const calendarSettingsQuery = () =>
  queryOptions({
    queryKey: calendarKeys.settings,
    queryFn: () => request<CalendarSettings>('/api/calendar/settings', { loader: false }),
  });

/** PUT /api/calendar/settings → the stored settings; 422 with field errors. */
export function saveCalendarSettings(settings: CalendarSettings): Promise<CalendarSettings> {
  return request<CalendarSettings>('/api/calendar/settings', { method: 'PUT', body: settings });
}

/** GET /api/admin/calendar/events: the same range with every title (staff only). */
export const adminCalendarEventsQuery = (range: CalendarRangeParams) =>
  queryOptions({
    queryKey: calendarKeys.admin(range),
    queryFn: () =>
      request<{ from: string; to: string; events: AdminCalendarEvent[] }>('/api/admin/calendar/events', {
        loader: false,
        query: rangeQuery(range),
      }),
  });

/** POST /api/admin/calendar/events → 201; PUT …/{id} → 200. */
export function saveCalendarEvent(id: number | null, body: CalendarEventBodyInput): Promise<AdminCalendarEvent> {
  return id === null
    ? request<AdminCalendarEvent>('/api/admin/calendar/events', { method: 'POST', body })
    : request<AdminCalendarEvent>(`/api/admin/calendar/events/${id}`, { method: 'PUT', body });
}

/** DELETE /api/admin/calendar/events/{id} → 204. */
export function deleteCalendarEvent(id: number): Promise<void> {
  return request<void>(`/api/admin/calendar/events/${id}`, { method: 'DELETE' });
}
