/** The calendar feature's public entry: what other features may import (eslint.config.js). */
export { adminCalendarEventsQuery, calendarKeys, calendarSettingsQuery, deleteCalendarEvent, saveCalendarEvent, saveCalendarSettings } from './api/calendar';
export { calendarChanged } from './calendar-changed';
export { deviceTimeZone, formatFigure, ImportanceBars, useDisplayNames, useImportanceLabel, useZoneOptions, zoneLabel } from './calendar-format';
