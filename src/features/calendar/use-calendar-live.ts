import { useEffect } from 'react';
import { CALENDAR_CHANGED_EVENT, CALENDAR_CHANNEL } from '../../../contract/realtime';
import { realtime } from '../../lib/realtime';
import { calendarChanged } from './calendar-changed';

/**
 * While a calendar is on screen, listens on the public calendar channel and refetches when staff
 * change an event elsewhere, and at every subscription (a change made while the socket was away
 * is not sent again). A realtime connection that cannot be made leaves the calendar as it is (it
 * still refetches when the tab comes back).
 */
export function useCalendarLive(): void {
  useEffect(() => {
    const reload = () => void calendarChanged();
    return realtime.subscribe(CALENDAR_CHANNEL, { events: { [CALENDAR_CHANGED_EVENT]: reload }, catchUp: reload });
  }, []);
}
