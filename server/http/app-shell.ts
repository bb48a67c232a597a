import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createShellSender, type ShellSenderOptions } from './page-shell.ts';

export interface AppShellOptions {
  /** The built app (vite's output). */
  staticDir: string;
  /** Mark cookies Secure (the app is served over https). */
  secureCookies: boolean;
  /** How many OAuth providers are configured: the sign-in page holds their buttons' place (page-shell.ts). */
  oauthProviders?: number;
  /** A session cookie's user, for the signed-in frame (page-shell.ts). */
  userOf?: ShellSenderOptions['userOf'];
  now?: ShellSenderOptions['now'];
}

/** Paths that belong to the server, never to the app: no SPA fallback, JSON 404. `/r/{code}`: a referral link (server/http/partners.ts). */
const SERVER_PATHS = /^\/(?:api|broadcasting|apps?|pusher|r)(?:\/|$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT = 'The app is not built yet: run `npm run build` (or `npm start`, which builds it), then reload.\n';

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function isAppPath(url: string): boolean {
  return !SERVER_PATHS.test(pathOf(url));
}

/** The page itself: never served as a plain file, always through the shell sender. */
const INDEX_PATH = /^\/(?:index\.html)?$/;

export type AppShellFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Serves the built app: files as they are (a `.br`/`.gz` sibling when the client accepts it),
 * hashed files under /assets/ cached for a year, everything else revalidated (`no-cache`),
 * and index.html for any other app path (history-mode routing), written for the visitor's
 * language and theme (page-shell.ts). Until the app is built, app paths answer 503 with a hint.
 * Returns the SPA fallback for the not-found handler.
 *
 * XSRF: the first app page sets an `XSRF-TOKEN` cookie (readable by scripts, SameSite=Lax)
 * that the app echoes in X-XSRF-TOKEN, as the Laravel template does. It is not checked:
 * the API authenticates only by the Authorization header, which a cross-site form or
 * link cannot send, so there is no ambient credential to forge requests with.
 */
export async function registerAppShell(app: FastifyInstance, { staticDir, secureCookies, oauthProviders = 0, userOf, now }: AppShellOptions): Promise<AppShellFallback> {
  const indexFile = join(staticDir, 'index.html');
  const sendShell = createShellSender(indexFile, { oauthProviders, userOf, now });

  // A callback, not an async hook: every request runs it, and an API request leaves at once.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isAppPath(request.url)) return done();
    if (!existsSync(indexFile)) {
      reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
      return;
    }
    if (!pathOf(request.url).startsWith('/assets/') && !request.cookies['XSRF-TOKEN']) {
      reply.setCookie('XSRF-TOKEN', randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: secureCookies,
      });
    }
    done();
  });

  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
    allowedPath: (pathName, _root, request) => isAppPath(request.url) && !INDEX_PATH.test(pathName),
    setHeaders(reply, filePath) {
      const inAssets = relative(staticDir, filePath).startsWith(`assets${sep}`);
      reply.header('cache-control', inAssets ? IMMUTABLE : 'no-cache');
    },
  });

  /**
   * The SPA fallback: answers the page for a GET of an app path that looks like a screen (no
   * file extension, or the browser asks for HTML). A missing hashed asset stays a 404, so a
   * stale chunk fails fast instead of parsing HTML as code.
   */
  return function serveAppShell(request, reply) {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isAppPath(request.url)) return false;
    const path = pathOf(request.url);
    if (path.startsWith('/assets/')) return false;
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (lastSegment.includes('.') && !wantsHtml && !INDEX_PATH.test(path)) return false;
    sendShell(request, reply);
    return true;
  };
}
