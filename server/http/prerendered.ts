import { isLocale, type Locale } from '../../contract/locales.ts';
import type { Theme } from '../../contract/theme.ts';

/**
 * The guest screens rendered to HTML at build time (scripts/prerender.ts, docs/adr/0097), after
 * the language prefix: they paint before the JavaScript, which then hydrates them.
 */
export const PRERENDERED_PATHS = ['/welcome', '/login', '/register', '/password/reset'] as const;

/** The file under the built app's folder holding one prerendered page. */
export function prerenderedFile(theme: Theme, locale: Locale, path: string): string {
  return `prerendered/${theme}/${locale}${path}.html`;
}

/**
 * The prerendered page for an address, if it has one: a guest screen in a supported language,
 * asked for without a session (a signed-in visitor is sent home by the app, so gets the plain shell).
 */
export function prerenderedPathOf(path: string, signedIn: boolean): { locale: Locale; path: string } | null {
  if (signedIn) return null;
  const [, first = '', ...rest] = path.split('/');
  const tail = `/${rest.join('/')}`.replace(/\/+$/, '');
  if (!isLocale(first) || !(PRERENDERED_PATHS as readonly string[]).includes(tail)) return null;
  return { locale: first, path: tail };
}
