import { useEffect } from 'react';
import { CALENDAR_CHANGED_EVENT, CALENDAR_CHANNEL } from '../../../contract/realtime';
import { getEcho } from '../chat';
import { calendarChanged } from './calendar-changed';

/**
 * While a calendar is on screen, listens on the public calendar channel and refetches when staff
 * change an event elsewhere. A realtime connection that cannot be made leaves the calendar as it
 * is (it still refetches when the tab comes back).
 */
export function useCalendarLive(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    getEcho()
      .then((echo) => {
        if (cancelled) return;
        const channel = echo.channel(CALENDAR_CHANNEL);
        const onChange = () => void calendarChanged();
        channel.listen(`.${CALENDAR_CHANGED_EVENT}`, onChange);
        stop = () => channel.stopListening(`.${CALENDAR_CHANGED_EVENT}`, onChange);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
