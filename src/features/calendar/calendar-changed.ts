import { queryClient } from '../../data/query-client';
import { calendarKeys } from './api/calendar';

/**
 * "The calendar changed": every open calendar (client or staff) refetches its range. Staff
 * screens call it after their own writes; `useCalendarLive` calls it when the server broadcasts
 * a change made elsewhere (public channel `calendar`, event `calendar.changed`).
 */
export function calendarChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: calendarKeys.all });
}
