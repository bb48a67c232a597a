import { queryClient } from '../../data/query-client';
import { calendarKeys } from './api/calendar';

/**
 * "The calendar changed": every open calendar (client or staff) refetches its range. Staff
 * screens call it after their own writes; the realtime hub (chat issue) is to call it when the
 * server broadcasts a change made elsewhere. Until then, other browsers see changes on their
 * next load.
 */
export function calendarChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: calendarKeys.all });
}
