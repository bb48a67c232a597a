import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../server/build/compress.ts';
import { START_AFTER_PAINT_SOURCE } from '../../server/http/prerendered.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';

// As Vite writes it: the entry, and a chunk of the app's start preloaded (scripts/start-preloads.ts).
const INDEX = `<!doctype html><html lang="en" class="light-theme"><head><script type="module" crossorigin src="/assets/app-3f9a1c.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-1.js"></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
/** The page as sent: the <html> tag names the language (CLDR code) and carries the theme. */
const page = (lang: string, theme: 'light' | 'dark') =>
  INDEX.replace('<html lang="en" class="light-theme">', `<html lang="${lang}" class="${theme}-theme" style="color-scheme: ${theme}">`);
/** A prerendered guest screen as the build writes it: the page with the screen's markup inside. */
const prerendered = (theme: 'light' | 'dark') => INDEX.replace('<div id="root"></div>', `<div id="root"><h1>Войти (${theme})</h1></div>`);
/** The signed-in frame as the build writes it (scripts/prerender.ts): the layout, inert, in the page's root. */
const frame = (theme: 'light' | 'dark') => INDEX.replace('<div id="root"></div>', `<div id="root" data-frame inert><nav>Главная (${theme})</nav></div>`);
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};`;

/** A small built app: index.html and a hashed script over 1 KB (so precompressed), a tiny stylesheet, a favicon. */
async function buildStaticDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-3f9a1c.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'tiny-77aa.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.build-stamp'), 'stamp');
  // The Russian sign-in screen prerendered in both themes (scripts/prerender.ts); no other language's.
  for (const theme of ['light', 'dark'] as const) {
    mkdirSync(join(dir, 'prerendered', `${theme}-theme`, 'ru'), { recursive: true });
    writeFileSync(join(dir, 'prerendered', `${theme}-theme`, 'ru', 'login.html'), prerendered(theme));
    // The signed-in frame, in Russian only.
    writeFileSync(join(dir, 'prerendered', `${theme}-theme`, 'ru', 'signed-in-frame.html'), frame(theme));
  }
  // The build manifest (vite.config.ts): what the signed-in home preloads (server/http/screen-preloads.ts).
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-3f9a1c.js', isEntry: true },
      // The shell, which index.html preloads: the screen imports it, and the page names it no second time.
      '_shell-1.js': { file: 'assets/shell-1.js' },
      'src/routes/$lang/_auth/-layout.tsx': { file: 'assets/-layout-1.js', imports: ['_shell-1.js'] },
      'src/features/home/HomeScreen.tsx': { file: 'assets/HomeScreen-1.js', imports: ['_shell-1.js'], css: ['assets/HomeScreen-1.css'] },
      'virtual:route-catalogue/ru/app': { file: 'assets/app-ru.js' },
      'virtual:route-catalogue/ru/app/home': { file: 'assets/home-ru.js' },
    }),
  );
  await compressDir(dir);
  return dir;
}

describe.each(DIALECTS)('serving the built app on $name', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await buildStaticDir();
    t = await startTestApp(dialect, { config: { staticDir: dir }, seed: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

  it('precompresses only files over 1 KB', () => {
    expect(existsSync(join(dir, 'assets', 'app-3f9a1c.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app-3f9a1c.js.gz'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'tiny-77aa.css.br'))).toBe(false);
  });

  it('serves hashed assets as they are, cached for a year as immutable', async () => {
    const res = await get('/assets/app-3f9a1c.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files as they are, to be revalidated', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html at the root, private and to be revalidated', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toBe(page('en', 'light'));
  });

  it('serves /index.html as the same page, never the raw file', async () => {
    const res = await get('/index.html', { cookie: 'user-theme=dark-theme' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(page('en', 'dark'));
  });

  it.each(['/en/login', '/ru/settings/profile', '/ua/password/reset/abc123?email=a%40b.com', '/en/nowhere/at/all'])(
    'answers index.html for the app route %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  describe('the page speaks the language and wears the theme from its first byte', () => {
    it.each([
      ['/en/login', '', 'en', 'light'],
      ['/ru/settings/profile', '', 'ru', 'light'],
      ['/ua/password/reset/abc123?email=a%40b.com', 'user-theme=dark-theme', 'uk', 'dark'],
      ['/ru/home', 'locale=ua; user-theme=dark-theme', 'ru', 'dark'],
      ['/', 'locale=ru', 'ru', 'light'],
      ['/home', 'locale=ua; user-theme=light-theme', 'uk', 'light'],
      ['/de/login', 'locale=xx; user-theme=neon', 'en', 'light'],
    ] as const)('%s with cookies "%s": lang="%s", %s theme', async (url, cookie, lang, theme) => {
      const res = await get(url, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(page(lang, theme));
    });

    it('says that it varies by cookie, and revalidates each variant by its own ETag', async () => {
      const light = await get('/en/home');
      const dark = await get('/en/home', { cookie: 'user-theme=dark-theme' });
      expect(light.headers.vary).toMatch(/cookie/i);
      expect(light.headers.vary).toMatch(/accept-encoding/i);
      expect(light.headers.etag).toBeTruthy();
      expect(dark.headers.etag).not.toBe(light.headers.etag);
      expect((await get('/ru/home')).headers.etag).not.toBe(light.headers.etag);

      const same = await get('/en/wallet', { 'if-none-match': String(light.headers.etag) });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      const changed = await get('/en/home', { cookie: 'user-theme=dark-theme', 'if-none-match': String(light.headers.etag) });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(page('en', 'dark'));
    });

    it('sends a guest screen prerendered in the language and theme asked for, and the plain page to a signed-in visitor', async () => {
      const light = await get('/ru/login');
      expect(light.body).toBe(prerendered('light').replace('<html lang="en" class="light-theme">', '<html lang="ru" class="light-theme" style="color-scheme: light">'));
      const dark = await get('/ru/login?next=1', { cookie: 'user-theme=dark-theme' });
      expect(dark.body).toContain('<h1>Войти (dark)</h1>');
      expect(dark.body).toContain('class="dark-theme"');
      expect(dark.headers.etag).not.toBe(light.headers.etag);
      // A session goes home from there: the app's own page, not a form it would take away.
      expect((await get('/ru/login', { cookie: 'token=abc' })).body).toBe(page('ru', 'light'));
      // Not prerendered (another language, another screen): the plain page.
      expect((await get('/en/login')).body).toBe(page('en', 'light'));
      expect((await get('/ru/home')).body).toBe(page('ru', 'light'));
    });

    it('preloads the signed-in home in the address language when the visitor holds a session cookie', async () => {
      const signedIn = await get('/ru/home', { cookie: 'token=abc' });
      const head = [
        '<link rel="modulepreload" crossorigin href="/assets/-layout-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/app-ru.js">',
        '<link rel="modulepreload" crossorigin href="/assets/home-ru.js">',
        '<link rel="modulepreload" crossorigin href="/assets/HomeScreen-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/HomeScreen-1.css">',
      ].join('\n    ');
      // The signed-in frame (the build drew one in Russian), with the screen's chain in its head.
      const sentFrame = frame('light').replace('<html lang="en" class="light-theme">', '<html lang="ru" class="light-theme" style="color-scheme: light">');
      expect(signedIn.body).toBe(sentFrame.replace('</head>', `  ${head}\n  </head>`));
      const guest = await get('/ru/home');
      expect(guest.body).toBe(page('ru', 'light'));
      expect(signedIn.headers.etag).not.toBe(guest.headers.etag);
      // A screen without a known chunk: the frame as it is.
      expect((await get('/ru/tickets', { cookie: 'token=abc' })).body).toBe(sentFrame);
    });

    it('sends a session holder asking for a signed-in screen the signed-in frame, in the theme asked for, with the screen preloaded', async () => {
      const home = await get('/ru/home', { cookie: 'token=abc; user-theme=dark-theme' });
      expect(home.body).toContain('<div id="root" data-frame inert><nav>Главная (dark)</nav></div>');
      expect(home.body).toContain('class="dark-theme"');
      expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/HomeScreen-1.js">');
      // Any signed-in screen, at any depth; the frame's variants do not mix with the plain page's.
      const settings = await get('/ru/settings/security', { cookie: 'token=abc' });
      expect(settings.body).toContain('<nav>Главная (light)</nav>');
      // No screen's preloads there: the frame's head is index.html's.
      expect(settings.body).toBe(frame('light').replace('<html lang="en" class="light-theme">', '<html lang="ru" class="light-theme" style="color-scheme: light">'));
      expect(settings.headers.etag).not.toBe((await get('/ru/settings/security')).headers.etag);
      // Not a signed-in screen, no session, or a language the build drew no frame in: the plain page.
      expect((await get('/ru/email/verify', { cookie: 'token=abc' })).body).toBe(page('ru', 'light'));
      expect((await get('/ru/settings')).body).toBe(page('ru', 'light'));
      expect((await get('/en/settings', { cookie: 'token=abc' })).body).toBe(page('en', 'light'));
    });

    it('answers HEAD with the headers and no body', async () => {
      const res = await t.request({ method: 'HEAD', url: '/ua/home' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe('');
    });
  });

  it('answers 404, not the page, for a missing hashed asset', async () => {
    const res = await get('/assets/app-old.js', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for a missing file the browser does not ask as a page', async () => {
    expect((await get('/robots.txt', { accept: '*/*' })).statusCode).toBe(404);
  });

  it('does not serve dotfiles', async () => {
    const res = await get('/.build-stamp');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe('stamp');
  });

  it.each(['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/en//login'])(
    'never serves a file outside the app for %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).not.toBe(500);
      expect(res.body).not.toContain('"dependencies"');
    },
  );

  it('sends the brotli sibling when the client accepts br', async () => {
    const res = t.request({ method: 'GET', url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const answer = await res;
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip sibling when the client accepts only gzip', async () => {
    const res = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the page precompressed on the SPA fallback too', async () => {
    const res = await get('/en/home', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page('en', 'light'));
    const gzipped = await get('/ru/home', { 'accept-encoding': 'gzip', cookie: 'user-theme=dark-theme' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(page('ru', 'dark'));
  });

  it('sends the plain file when the client accepts no compression', async () => {
    const res = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('sends a content security policy allowing one inline script, the prerendered pages\' start, and the other security headers', async () => {
    const res = await get('/en/login');
    const csp = res.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(csp.split(';').map((d) => [d.trim().split(' ')[0], d.trim().split(' ').slice(1).join(' ')]));
    expect(directives).toMatchObject({
      'script-src': `'self' ${START_AFTER_PAINT_SOURCE}`,
      'style-src': "'self' 'unsafe-inline'",
      'connect-src': "'self' ws: wss:",
      'img-src': "'self' data: blob:",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets a script-readable XSRF-TOKEN cookie on the first page, and keeps it afterwards', async () => {
    const first = await get('/en/login');
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await get('/en/home', { cookie: `XSRF-TOKEN=${cookie?.value}` });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('does not set cookies on hashed assets or API answers', async () => {
    expect((await get('/assets/app-3f9a1c.js')).cookies).toEqual([]);
    expect((await get('/api/health')).cookies).toEqual([]);
  });

  it('answers API paths as the API, never with the page', async () => {
    const res = await get('/api/unknown', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe.each(DIALECTS)('before the app is built, on $name', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'traderoom-empty-dist-'));
    t = await startTestApp(dialect, { config: { staticDir: dir }, seed: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers app paths with 503 and how to build it', async () => {
    const res = await t.request({ method: 'GET', url: '/en/login' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
  });

  it('still answers the API', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('served over https, on $name', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await buildStaticDir();
    t = await startTestApp(dialect, { config: { staticDir: dir, appUrl: 'https://traderoom.example' }, seed: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds HSTS and marks the XSRF cookie Secure', async () => {
    const res = await t.request({ method: 'GET', url: '/en/login' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
  });
});
