import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, intlLocale, isLocale, type Locale } from '../../contract/locales.ts';
import { DEFAULT_THEME, isTheme, LOCALE_COOKIE, THEME_COOKIE, type Theme } from '../../contract/theme.ts';
import { prerenderedFile, prerenderedPathOf } from './prerendered.ts';
import { MANIFEST_FILE, preloadLinks, readManifest, screenPreloads } from './screen-preloads.ts';

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

/**
 * index.html with its <html> tag carrying the language, the theme class and the colour scheme, and
 * `head` (links) at the end of its head. With OAuth providers configured, the tag says how many
 * (`data-oauth-providers`): the sign-in and registration forms hold their buttons' place from the
 * first paint (src/features/auth/oauth.css), so nothing moves when the app draws them (docs/adr/0110).
 */
export function renderShell(html: string, { locale, theme }: ShellChoice, head = '', oauthProviders = 0): string {
  const scheme = theme === 'dark-theme' ? 'dark' : 'light';
  const oauth = oauthProviders > 0 ? ` data-oauth-providers="${oauthProviders}"` : '';
  const tag = `<html lang="${intlLocale(locale)}" class="${theme}" style="color-scheme: ${scheme}"${oauth}>`;
  const page = html.replace(/<html\b[^>]*>/i, tag);
  return head ? page.replace(/<\/head>/i, `  ${head}\n  </head>`) : page;
}

/** The session cookie (src/lib/runtime.ts): its holder is signed in, and the app sends them home from a guest screen. */
const TOKEN_COOKIE = 'token';

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
 * Sends index.html as the visitor's language and theme; for a guest screen asked for without a
 * session, the page prerendered in that language and theme (prerendered.ts), when the build made it.
 * A visitor holding a session cookie (present; the page does not check it) asking for a signed-in
 * screen the build manifest knows gets that screen's chunks and words preloaded (screen-preloads.ts).
 * The page varies by cookie, so it is private and revalidated, with an ETag per variant (a 304
 * when the browser holds this one). Each file's variants are kept until the file changes.
 */
export function createShellSender(indexFile: string, { oauthProviders = 0 }: { oauthProviders?: number } = {}) {
  const staticDir = dirname(indexFile);
  const stamps = new Map<string, string>();
  const variants = new Map<string, Variant>();
  const manifestFile = join(staticDir, MANIFEST_FILE);
  let manifest: { stamp: string; links: Map<string, string>; read: ReturnType<typeof readManifest> } | null = null;

  /** The preload links for a signed-in screen, by its segment and language; '' for any other page. */
  function linksFor(path: string, locale: Locale, signedIn: boolean): string {
    const stamp = signedIn ? stampOf(manifestFile) : null;
    if (stamp === null) return '';
    if (manifest?.stamp !== stamp) manifest = { stamp, links: new Map(), read: readManifest(manifestFile) };
    const key = `${locale}/${path.split('/')[2] ?? ''}`;
    let links = manifest.links.get(key);
    if (links === undefined) {
      const preloads = manifest.read ? screenPreloads(manifest.read, path, locale) : null;
      links = preloads ? preloadLinks(preloads) : '';
      manifest.links.set(key, links);
    }
    return links;
  }

  /** The file's current stamp, or null when it is not there; a changed file drops its variants. */
  function stampOf(file: string): string | null {
    let current: string;
    try {
      const { mtimeMs, size } = statSync(file);
      current = `${mtimeMs}:${size}`;
    } catch {
      return null;
    }
    if (stamps.get(file) !== current) {
      stamps.set(file, current);
      for (const key of variants.keys()) if (key.startsWith(`${file}\n`)) variants.delete(key);
    }
    return current;
  }

  function variant(file: string, choice: ShellChoice, encoding: Encoding, head: string): Variant {
    const key = `${file}\n${choice.locale}:${choice.theme}:${encoding}\n${head}`;
    let found = variants.get(key);
    if (!found) {
      const html = Buffer.from(renderShell(readFileSync(file, 'utf8'), choice, head, oauthProviders));
      const body = encoding === 'br' ? brotliCompressSync(html) : encoding === 'gzip' ? gzipSync(html) : html;
      const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
      // One ETag per representation: the encoding is part of it, as a cache must not mix them.
      found = { body, etag: `"${hash}-${encoding}"` };
      variants.set(key, found);
    }
    return found;
  }

  function fileFor(path: string, choice: ShellChoice, signedIn: boolean): string {
    const page = prerenderedPathOf(path, signedIn);
    if (page) {
      const file = join(staticDir, prerenderedFile(choice.theme, page.locale, page.path));
      if (stampOf(file) !== null) return file;
    }
    stampOf(indexFile);
    return indexFile;
  }

  return function sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url.split('?')[0] ?? '/';
    const encoding = encodingFor(String(request.headers['accept-encoding'] ?? ''));
    const choice = shellChoice(path, request.cookies);
    const signedIn = Boolean(request.cookies[TOKEN_COOKIE]);
    const file = fileFor(path, choice, signedIn);
    // The signed-in frame starts the app as index.html does: it gets the screen's preloads too.
    const { body, etag } = variant(file, choice, encoding, file === indexFile || signedIn ? linksFor(path, choice.locale, signedIn) : '');
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
