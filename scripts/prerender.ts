/**
 * `npm run build`'s last step for the app: the guest screens (welcome, sign-in, registration, the
 * password reset request) rendered to HTML for each language and theme, into
 * dist/prerendered/<theme>/<language>/<path>.html. The server sends one of them for such an address
 * (server/http/page-shell.ts), so the form paints before the JavaScript arrives; src/main.tsx
 * hydrates it. And the signed-in frame (src/prerender.tsx renderSignedInFrame, docs/adr/0109), which
 * the server sends for a signed-in screen and the app replaces. The app is built for Node (`vite build --ssr src/prerender.tsx`) and run in a
 * happy-dom window at the page's address, as the browser would run it.
 *
 * Its scripts are requested once it has painted (docs/adr/0106). Its stylesheets are inlined: the
 * ones index.html links (the entry's), then the screen's own, those of the lazily loaded chunks
 * its route imports and of what they import, read from Vite's build manifest in the order the app
 * would link them (scripts/prerender-styles.ts). A screen whose stylesheets cannot be found that
 * way fails the build: a page painted without them would move when its JavaScript brings them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';
import { LOCALES, type Locale } from '../contract/locales.ts';
import { THEME_COOKIE, THEMES } from '../contract/theme.ts';
import { FRAME_SLOT_PATTERN, FRAME_SLOTS, frameSlot, type FrameRole, type FrameWords } from '../contract/signed-in-frame.ts';
import { FRAME_WORDS_FILE, PRERENDERED_PATHS, prerenderedFile, SIGNED_IN_FRAME, signedInFramePath, startAfterPaint } from '../server/http/prerendered.ts';
import { MANIFEST_FILE } from '../server/http/screen-preloads.ts';
import { type Manifest, prerenderedStylesheets } from './prerender-styles.ts';

const OUT = 'dist-prerender';
const ssr = spawnSync('npx', ['--no-install', 'vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', OUT, '--logLevel', 'warn'], {
  stdio: 'inherit',
});
if (ssr.status !== 0) process.exit(ssr.status ?? 1);

// The stylesheets every page links are written into the prerendered pages, and each screen's own
// after them: the form paints with the HTML's arrival, not one round trip later, and as it will
// look once the app runs (CSP allows inline styles; server/app.ts). The scripts start after that
// paint (startAfterPaint, docs/adr/0106).
const linked = new Set<string>();
/** The end of an inlined stylesheet's marker link (inline, below). */
const INLINED_MARK = 'data-inlined>';
const template = startAfterPaint(readFileSync('dist/index.html', 'utf8')).replace(
  /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
  (_, href: string) => {
    linked.add(href);
    return inline(href);
  },
);
if (/<link rel="stylesheet"(?![^>]*\bdisabled\b)/.test(template)) throw new Error('a stylesheet of index.html was not inlined');
// The screen's own stylesheets go after the entry's, as the app's later links would put them.
const screenStylesAt = template.lastIndexOf(INLINED_MARK) + INLINED_MARK.length;
if (linked.size === 0 || screenStylesAt > template.indexOf('</head>')) throw new Error('index.html links no stylesheet in its head');
const manifest = JSON.parse(readFileSync(join('dist', MANIFEST_FILE), 'utf8')) as Manifest;
const routeTree = readFileSync('src/routeTree.gen.ts', 'utf8');

/**
 * A built stylesheet as a `<style>` element, followed by a disabled `<link>` to the same file: the
 * browser neither fetches nor applies a disabled stylesheet, and Vite's loader, which skips a
 * stylesheet the document already links, does not link it again when a screen's chunk that
 * imports it loads (the same rules parsed twice, and the whole page restyled; docs/adr/0110).
 */
function inline(href: string): string {
  const css = readFileSync(join('dist', href), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it holds "</style"`);
  return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled ${INLINED_MARK}`;
}

const ORIGIN = 'http://localhost';
rmSync('dist/prerendered', { recursive: true, force: true });

/**
 * A Suspense boundary React gave up on (`<!--$!-->`) carries its error message, and in this
 * renderer its component stack with the build machine's paths, into the page: never shipped.
 */
function refuseAbandoned(html: string, what: string): void {
  if (html.includes('<!--$!-->')) throw new Error(`${what} holds a part React could not render on the server: ${/data-msg="([^"]*)"/.exec(html)?.[1] ?? ''}`);
}

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

const { renderPage, renderSignedInFrame, finish } = (await import(pathToFileURL(join(OUT, 'prerender.js')).href)) as {
  finish: () => void;
  renderPage: (path: string) => Promise<{ html: string; routeIds: string[] }>;
  renderSignedInFrame: (lang: Locale, variant: { role?: FrameRole; home: boolean }) => Promise<{ html: string; greetings: Record<string, string>; memberSince: string }>;
};
let pages = 0;
const screenStyles = new Map<string, string[]>();
for (const theme of THEMES) {
  for (const lang of LOCALES) {
    for (const path of PRERENDERED_PATHS) {
      const address = `/${lang}${path}`;
      const window = enter(`${ORIGIN}${address}`, `${THEME_COOKIE}=${theme}`);
      const { html, routeIds } = await renderPage(address);
      await window.happyDOM.close();
      if (!html.includes('<h1')) throw new Error(`prerendering ${address} gave no heading`);
      refuseAbandoned(html, address);
      const styles = prerenderedStylesheets({ routeIds, routeTree, readSource: (file) => readFileSync(file, 'utf8'), manifest, present: linked });
      const page = template.slice(0, screenStylesAt) + styles.map((href) => inline(href)).join('') + template.slice(screenStylesAt);
      const file = join('dist', prerenderedFile(theme, lang, path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, page.replace('<div id="app"></div>', `<div id="app">${html}</div>`));
      screenStyles.set(path, styles);
      pages += 1;
    }
  }
}

// The signed-in frame (docs/adr/0109): the same page as the guest screens' (the entry's stylesheets
// inlined, the scripts started after the first paint), with the signed-in layout drawn in its root,
// inert (nothing in it works before the app replaces it) and marked for src/main.tsx. The layout's
// own styles are the shell's, in the entry's stylesheets; the screen's come with its chunk.
// Besides the frame for a visitor not yet known, one per role and one per role with the home screen's
// head, drawn for a slot user: the server fills the visitor's own values in (docs/adr/0112).
const words: FrameWords = {};
const variants: Array<{ role?: FrameRole; home: boolean }> = [{ home: false }];
for (const role of ['client', 'staff'] as const) variants.push({ role, home: false }, { role, home: true });
for (const theme of THEMES) {
  for (const lang of LOCALES) {
    for (const variant of variants) {
      const window = enter(`${ORIGIN}/${lang}`, `${THEME_COOKIE}=${theme}`);
      const frame = await renderSignedInFrame(lang, variant);
      await window.happyDOM.close();
      if (!frame.html.includes('class="navbar"') || !frame.html.includes('class="nav-list"')) throw new Error(`the signed-in frame in ${lang} has no navbar or navigation`);
      refuseAbandoned(frame.html, `the signed-in frame in ${lang}`);
      const html = variant.role ? withSlots(frame, variant.home, `${lang} ${variant.role}${variant.home ? ' home' : ''}`) : frame.html;
      const file = join('dist', prerenderedFile(theme, lang, variant.role ? signedInFramePath(variant.role, variant.home) : SIGNED_IN_FRAME));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, template.replace('<div id="app"></div>', `<div id="app" data-frame inert>${html}</div>`));
      words[lang] = { greetings: frame.greetings };
      pages += 1;
    }
  }
}
writeFileSync(join('dist', FRAME_WORDS_FILE), JSON.stringify(words));

/** React's escaping of text, so the build finds what it rendered. */
function escaped(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!);
}

/** Replaces `what` by `by` where it occurs exactly `times` (a frame that drew it otherwise fails the build). */
function replaceExactly(html: string, what: string | RegExp, by: string, times: number, name: string): string {
  const found = typeof what === 'string' ? html.split(what).length - 1 : [...html.matchAll(what)].length;
  if (found !== times) throw new Error(`the signed-in frame (${name}) drew ${found} of ${String(what)}, expected ${times}`);
  return typeof what === 'string' ? html.split(what).join(by) : html.replace(what, by);
}

/**
 * The slot user's frame with the values derived from its fields made slots too: the avatar's colour
 * and initials, the full name, and on home the greeting (drawn at the build's hour) and the join date.
 */
function withSlots(frame: { html: string; greetings: Record<string, string>; memberSince: string }, home: boolean, name: string): string {
  const initials = frameSlot('first_name')[0]!.repeat(2);
  let html = replaceExactly(
    frame.html,
    new RegExp(`<span class="avatar" style="background:[^"]+" aria-hidden="true">${initials}</span>`, 'g'),
    `<span class="avatar" style="background:${frameSlot('avatar_color')}" aria-hidden="true">${frameSlot('initials')}</span>`,
    1,
    name,
  );
  html = replaceExactly(html, `${frameSlot('first_name')} ${frameSlot('second_name')}`, frameSlot('full_name'), 1, name);
  if (home) {
    const drawn = Object.values(frame.greetings).filter((greeting) => html.includes(`>${escaped(greeting)}</h1>`));
    if (drawn.length !== 1) throw new Error(`the signed-in frame (${name}) drew ${drawn.length} of the greetings`);
    html = replaceExactly(html, `>${escaped(drawn[0]!)}</h1>`, `>${frameSlot('greeting')}</h1>`, 1, name);
    html = replaceExactly(html, escaped(frame.memberSince), frameSlot('member_since'), 1, name);
  }
  const unknown = [...html.matchAll(FRAME_SLOT_PATTERN)].map((match) => match[1]!).filter((slot) => !(FRAME_SLOTS as readonly string[]).includes(slot));
  if (unknown.length > 0 || html.includes(initials)) throw new Error(`the signed-in frame (${name}) holds markers no slot fills: ${unknown.join(', ') || initials}`);
  return html;
}
finish();
rmSync(OUT, { recursive: true, force: true });
const own = [...screenStyles].map(([path, styles]) => `${path} ${styles.length}`).join(', ');
console.log(`Prerendered ${pages} pages into dist/prerendered: the guest screens (their own stylesheets inlined: ${own}) and the signed-in frame`);
