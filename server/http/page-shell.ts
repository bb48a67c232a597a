import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, intlLocale, isLocale, type Locale } from '../../contract/locales.ts';
import { DEFAULT_THEME, isTheme, LOCALE_COOKIE, THEME_COOKIE, type Theme } from '../../contract/theme.ts';

/** What the first byte of the page must already say: the language and the colour theme. */
export interface ShellChoice {
  locale: Locale;
  theme: Theme;
}

/** The URL's language, else the cookie's, else the default; the theme from its cookie, else the default. */
export function shellChoice(path: string, cookies: Record<string, string | undefined>): ShellChoice {
  const first = path.split('/')[1];
  const cookieLocale = cookies[LOCALE_COOKIE];
  const locale = isLocale(first) ? first : isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
  const cookieTheme = cookies[THEME_COOKIE];
  return { locale, theme: isTheme(cookieTheme) ? cookieTheme : DEFAULT_THEME };
}

/** index.html with its <html> tag carrying the language, the theme class and the colour scheme. */
export function renderShell(html: string, { locale, theme }: ShellChoice): string {
  const scheme = theme === 'dark-theme' ? 'dark' : 'light';
  const tag = `<html lang="${intlLocale(locale)}" class="${theme}" style="color-scheme: ${scheme}">`;
  return html.replace(/<html\b[^>]*>/i, tag);
}

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
}

function encodingFor(acceptEncoding: string): Encoding {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/**
 * Sends index.html as the visitor's language and theme. The page varies by cookie, so it is
 * private and revalidated, with an ETag per variant (a 304 when the browser holds this one).
 * The variants (3 languages × 2 themes × 3 encodings) are kept until the file changes.
 */
export function createShellSender(indexFile: string) {
  let stamp = '';
  let variants = new Map<string, Variant>();

  function variant(choice: ShellChoice, encoding: Encoding): Variant {
    const { mtimeMs, size } = statSync(indexFile);
    const current = `${mtimeMs}:${size}`;
    if (current !== stamp) {
      stamp = current;
      variants = new Map();
    }
    const key = `${choice.locale}:${choice.theme}:${encoding}`;
    let found = variants.get(key);
    if (!found) {
      const html = Buffer.from(renderShell(readFileSync(indexFile, 'utf8'), choice));
      const body = encoding === 'br' ? brotliCompressSync(html) : encoding === 'gzip' ? gzipSync(html) : html;
      const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
      // One ETag per representation: the encoding is part of it, as a cache must not mix them.
      found = { body, etag: `"${hash}-${encoding}"` };
      variants.set(key, found);
    }
    return found;
  }

  return function sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url.split('?')[0] ?? '/';
    const encoding = encodingFor(String(request.headers['accept-encoding'] ?? ''));
    const { body, etag } = variant(shellChoice(path, request.cookies), encoding);
    reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(200).send(body);
  };
}
