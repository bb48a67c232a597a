import { isTimeZone } from '../../contract/greeting';
import { TIME_ZONE_COOKIE } from '../../contract/theme';
import { COOKIE_DAYS, readCookie, writeCookie } from './cookies';

let kept = false;

/**
 * Keeps the browser's time zone in its cookie, so the page the server sends a signed-in visitor
 * greets them and dates things on their own clock before the app runs (docs/adr/0112). Written only
 * when it changed (a trip abroad, a new device clock). Once per page: the `_auth` route asks at
 * every signed-in navigation and preload (docs/adr/0116).
 */
export function rememberTimeZone(): void {
  if (kept) return;
  kept = true;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (isTimeZone(timeZone) && readCookie(TIME_ZONE_COOKIE) !== timeZone) writeCookie(TIME_ZONE_COOKIE, timeZone, { days: COOKIE_DAYS });
}
