import { readCookie, removeCookie, writeCookie } from './cookies';

/** Seed, route guards: the path a signed-out visitor tried to open, kept in a cookie until sign-in. */
export const INTENDED_COOKIE = 'intended_url';

export function rememberIntendedUrl(href: string): void {
  writeCookie(INTENDED_COOKIE, href);
}

/** Takes the remembered path once; only a same-site path is honoured, never an absolute URL. */
export function takeIntendedUrl(): string | null {
  const href = readCookie(INTENDED_COOKIE);
  removeCookie(INTENDED_COOKIE);
  if (!href || !href.startsWith('/') || href.startsWith('//') || href.includes('\\')) return null;
  return href;
}
