/** Realtime channels and events outside the chat: shared by server and browser. */

/** Public channel: staff changed the economic calendar. */
export const CALENDAR_CHANNEL = 'calendar';
/** Data `{type: 'created'|'updated'|'deleted', id}`; Echo listens with the leading dot. */
export const CALENDAR_CHANGED_EVENT = 'calendar.changed';
