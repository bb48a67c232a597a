/**
 * `npm run build`'s last step for the app: the guest screens (welcome, sign-in, registration, the
 * password reset request) rendered to HTML for each language and theme, into
 * dist/prerendered/<theme>/<language>/<path>.html. The server sends one of them for such an address
 * (server/http/page-shell.ts), so the form paints before the JavaScript arrives; src/main.tsx
 * hydrates it. Its stylesheets are inlined, and its scripts are requested once it has painted. The app is built for Node (`vite build --ssr src/prerender.tsx`) and run in a
 * happy-dom window at the page's address, as the browser would run it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';
import { LOCALES, type Locale } from '../contract/locales.ts';
import { THEME_COOKIE, THEMES } from '../contract/theme.ts';
import { PRERENDERED_PATHS, prerenderedFile, SIGNED_IN_FRAME, startAfterPaint } from '../server/http/prerendered.ts';

const OUT = 'dist-prerender';
const ssr = spawnSync('npx', ['--no-install', 'vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', OUT, '--logLevel', 'warn'], {
  stdio: 'inherit',
});
if (ssr.status !== 0) process.exit(ssr.status ?? 1);

// The stylesheets every page links are written into the prerendered pages: the form paints with
// the HTML's arrival, not one round trip later (CSP allows inline styles; server/app.ts). The
// scripts start after that paint (startAfterPaint, docs/adr/0106).
const template = startAfterPaint(readFileSync('dist/index.html', 'utf8')).replace(
  /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  (_, href: string) => `<style>${readFileSync(join('dist', href), 'utf8')}</style>`,
);
if (template.includes('rel="stylesheet"')) throw new Error('a stylesheet of index.html was not inlined');
const ORIGIN = 'http://localhost';
rmSync('dist/prerendered', { recursive: true, force: true });

/** The page's browser globals, as the app's modules read them. */
function enter(url: string, cookie: string): Window {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true } });
  window.document.cookie = cookie;
  const scope = globalThis as Record<string, unknown>;
  for (const name of ['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'matchMedia', 'HTMLElement', 'Node']) {
    Object.defineProperty(scope, name, { value: name === 'window' ? window : (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
  }
  return window;
}

const { renderPage, renderSignedInFrame } = (await import(pathToFileURL(join(OUT, 'prerender.js')).href)) as {
  renderPage: (path: string) => Promise<{ html: string }>;
  renderSignedInFrame: (lang: Locale) => Promise<{ html: string }>;
};
let pages = 0;
for (const theme of THEMES) {
  for (const lang of LOCALES) {
    for (const path of PRERENDERED_PATHS) {
      const address = `/${lang}${path}`;
      const window = enter(`${ORIGIN}${address}`, `${THEME_COOKIE}=${theme}`);
      const { html } = await renderPage(address);
      await window.happyDOM.close();
      if (!html.includes('<h1')) throw new Error(`prerendering ${address} gave no heading`);
      const file = join('dist', prerenderedFile(theme, lang, path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, template.replace('<div id="app"></div>', `<div id="app">${html}</div>`));
      pages += 1;
    }
  }
}

// The signed-in frame (docs/adr/0108): index.html as it is (its scripts start at once: the screen
// needs them), with the signed-in layout drawn in its root, inert (nothing in it works before the app
// replaces it) and marked for src/main.tsx.
const index = startAfterPaint(readFileSync('dist/index.html', 'utf8'));
for (const theme of THEMES) {
  for (const lang of LOCALES) {
    const window = enter(`${ORIGIN}/${lang}`, `${THEME_COOKIE}=${theme}`);
    const { html } = await renderSignedInFrame(lang);
    await window.happyDOM.close();
    if (!html.includes('class="navbar"') || !html.includes('class="nav-list"')) throw new Error(`the signed-in frame in ${lang} has no navbar or navigation`);
    const file = join('dist', prerenderedFile(theme, lang, SIGNED_IN_FRAME));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, index.replace('<div id="app"></div>', `<div id="app" data-frame inert>${html}</div>`));
    pages += 1;
  }
}
rmSync(OUT, { recursive: true, force: true });
console.log(`Prerendered ${pages} pages (guest screens and the signed-in frame) into dist/prerendered`);
