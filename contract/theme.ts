/** The colour themes: each is the class on <html> that tokens.css keys its colours on. */
export const THEMES = ['light-theme', 'dark-theme'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light-theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The cookies that carry the visitor's choices, read by the app and by the server that sends the page. */
export const THEME_COOKIE = 'user-theme';
export const LOCALE_COOKIE = 'locale';
/**
 * The browser's IANA time zone (`Europe/Kyiv`), written by the app at start: the server draws a
 * signed-in visitor's greeting and dates in it before any script runs (docs/adr/0112).
 */
export const TIME_ZONE_COOKIE = 'tz';
