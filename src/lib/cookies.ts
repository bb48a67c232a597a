/** Minimal cookie access for the browser. Values are URI-encoded; every cookie is scoped to the whole site. */

export const COOKIE_DAYS = 365;

export interface CookieOptions {
  /** Lifetime in days; omitted for a session cookie that ends with the browser. */
  days?: number;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.days !== undefined) {
    parts.push(`max-age=${Math.round(options.days * 86_400)}`);
  }
  if (location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
}
