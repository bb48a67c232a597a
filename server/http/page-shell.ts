import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, intlLocale, isLocale, type Locale } from '../../contract/locales.ts';
import type { FrameWords } from '../../contract/signed-in-frame.ts';
import { DEFAULT_THEME, isTheme, LOCALE_COOKIE, THEME_COOKIE, TIME_ZONE_COOKIE, type Theme } from '../../contract/theme.ts';
import { FRAME_WORDS_FILE, prerenderedFile, prerenderedPathOf, SIGNED_IN_FRAME, signedInFramePath, startModules } from './prerendered.ts';
import { fillFrame, frameRoleOf, frameValues, type FrameUser } from './signed-in-frame.ts';
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

export interface ShellSenderOptions {
  /** How many OAuth providers are configured: the sign-in page holds their buttons' place (renderShell). */
  oauthProviders?: number;
  /** The live session's user for a token cookie, or null (services/tokens.ts); without it the frame is never filled. */
  userOf?: (token: string) => Promise<FrameUser | null>;
  now?: () => Date;
}

/**
 * Sends index.html as the visitor's language and theme; for a guest screen asked for without a
 * session, the page prerendered in that language and theme (prerendered.ts), when the build made it.
 * A visitor holding a session cookie asking for a signed-in screen gets the signed-in frame
 * (docs/adr/0109): when the token is live, the one drawn for their role with their own profile in it,
 * and on home the screen's head greeting them (docs/adr/0112); else (a token no longer live, the
 * database not answering) the frame drawn before the user is known. The screen's chunks and words
 * the build manifest knows are preloaded (screen-preloads.ts).
 * The page varies by cookie, so it is private and revalidated, with an ETag per variant (a 304
 * when the browser holds this one). Each file's variants are kept until the file changes; a
 * visitor's own frame is filled and compressed for each request.
 */
export function createShellSender(indexFile: string, { oauthProviders = 0, userOf, now = () => new Date() }: ShellSenderOptions = {}) {
  const staticDir = dirname(indexFile);
  const stamps = new Map<string, string>();
  const variants = new Map<string, Variant>();
  const manifestFile = join(staticDir, MANIFEST_FILE);
  let manifest: { stamp: string; links: Map<string, string>; read: ReturnType<typeof readManifest>; inPage: ReadonlySet<string> } | null = null;

  /** The preload links for a signed-in screen, by its segment and language; '' for any other page. */
  function linksFor(path: string, locale: Locale, signedIn: boolean): string {
    const manifestStamp = signedIn ? stampOf(manifestFile) : null;
    const indexStamp = manifestStamp === null ? null : stampOf(indexFile);
    if (manifestStamp === null || indexStamp === null) return '';
    const stamp = `${manifestStamp}\n${indexStamp}`;
    if (manifest?.stamp !== stamp) {
      // What index.html loads from the start is not named again (every page is made from it).
      const inPage = new Set(startModules(readFileSync(indexFile, 'utf8')));
      manifest = { stamp, links: new Map(), read: readManifest(manifestFile), inPage };
    }
    const key = `${locale}/${path.split('/')[2] ?? ''}`;
    let links = manifest.links.get(key);
    if (links === undefined) {
      const preloads = manifest.read ? screenPreloads(manifest.read, path, locale, manifest.inPage) : null;
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

  let words: { stamp: string; words: FrameWords } | null = null;
  const wordsFile = join(staticDir, FRAME_WORDS_FILE);

  /** The frame's words per language (the build's frame-words.json), re-read when the build changes them. */
  function frameWords(): FrameWords {
    const stamp = stampOf(wordsFile);
    if (stamp === null) return {};
    if (words?.stamp !== stamp) words = { stamp, words: JSON.parse(readFileSync(wordsFile, 'utf8')) as FrameWords };
    return words.words;
  }

  /**
   * The signed-in frame drawn for the visitor's role with their values in its slots (signed-in-frame.ts),
   * with the home screen's head on home when their time zone is known; null when the token names no
   * live session or the build drew no such frame.
   */
  async function ownFrame(request: FastifyRequest, path: string, choice: ShellChoice, token: string, head: string): Promise<Buffer | null> {
    const user = await userOf!(token);
    if (!user) return null;
    const role = frameRoleOf(user);
    const values = frameValues(user, { locale: choice.locale, timeZone: request.cookies[TIME_ZONE_COOKIE] ?? null, words: frameWords(), now: now() });
    const onHome = path.split('/').filter(Boolean).join('/') === `${choice.locale}/home`;
    for (const home of onHome ? [true, false] : [false]) {
      const file = join(staticDir, prerenderedFile(choice.theme, choice.locale, signedInFramePath(role, home)));
      if (stampOf(file) === null) continue;
      const filled = fillFrame(variant(file, choice, 'identity', head).body.toString('utf8'), values);
      if (filled !== null) return Buffer.from(filled);
    }
    return null;
  }

  function send(request: FastifyRequest, reply: FastifyReply, encoding: Encoding, { body, etag }: Variant): FastifyReply {
    reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(200).send(body);
  }

  return function sendShell(request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0] ?? '/';
    const encoding = encodingFor(String(request.headers['accept-encoding'] ?? ''));
    const choice = shellChoice(path, request.cookies);
    const token = request.cookies[TOKEN_COOKIE];
    const signedIn = Boolean(token);
    const file = fileFor(path, choice, signedIn);
    // The signed-in frame starts the app as index.html does: it gets the screen's preloads too.
    const head = file === indexFile || signedIn ? linksFor(path, choice.locale, signedIn) : '';
    const plain = () => send(request, reply, encoding, variant(file, choice, encoding, head));
    if (!userOf || !token || !file.endsWith(`${SIGNED_IN_FRAME}.html`)) {
      plain();
      return;
    }
    ownFrame(request, path, choice, token, head).then(
      (html) => {
        if (!html) return plain();
        const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
        // A page per visitor and request: compressed quickly rather than smallest (it is not kept).
        const body =
          encoding === 'br'
            ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
            : encoding === 'gzip'
              ? gzipSync(html, { level: 6 })
              : html;
        return send(request, reply, encoding, { body, etag: `"${hash}-${encoding}"` });
      },
      (error: unknown) => {
        // The database not answering costs the visitor their name in the frame, not the page.
        request.log.warn({ err: error }, 'the signed-in frame was sent without the user');
        plain();
      },
    );
  };
}
