import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '../../contract/locales.ts';
import type { FrameRole } from '../../contract/signed-in-frame.ts';
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
 * The signed-in screens' first segments after the language (src/routes/$lang/_auth/: its route files
 * and folders, and the administration under the pathless `_admin`); a test holds them in step.
 */
export const SIGNED_IN_SEGMENTS = [
  'accounts',
  'administration',
  'analytics',
  'articles',
  'calendar',
  'history',
  'home',
  'investing',
  'investor',
  'ipo',
  'notifications',
  'services',
  'settings',
  'tickets',
  'wallet',
] as const;

/** The page of the signed-in frame (src/prerender.tsx `renderSignedInFrame`), one per theme and language. */
export const SIGNED_IN_FRAME = '/signed-in-frame';

/**
 * The signed-in frame drawn for a role's slot user, which the server fills with the visitor's own
 * values (signed-in-frame.ts, docs/adr/0112): with `home`, the home screen's head above the loader.
 */
export function signedInFramePath(role: FrameRole, home: boolean): string {
  return `${SIGNED_IN_FRAME}.${role}${home ? '.home' : ''}`;
}

/** The words the server fills into the frame, per language (contract/signed-in-frame.ts `FrameWords`), beside the pages. */
export const FRAME_WORDS_FILE = 'prerendered/frame-words.json';

/**
 * The prerendered page for an address, if it has one: a guest screen in a supported language,
 * asked for without a session (a signed-in visitor is sent home by the app, so gets the plain shell);
 * a signed-in screen asked for with one, the signed-in frame (docs/adr/0109).
 */
export function prerenderedPathOf(path: string, signedIn: boolean): { locale: Locale; path: string } | null {
  const [, first = '', ...rest] = path.split('/');
  if (!isLocale(first)) return null;
  // A session's holder asking for a signed-in screen: the signed-in frame, which the app replaces.
  if (signedIn) return (SIGNED_IN_SEGMENTS as readonly string[]).includes(rest[0] ?? '') ? { locale: first, path: SIGNED_IN_FRAME } : null;
  const tail = `/${rest.join('/')}`.replace(/\/+$/, '');
  if (!(PRERENDERED_PATHS as readonly string[]).includes(tail)) return null;
  return { locale: first, path: tail };
}

/**
 * The one inline script of a prerendered page, at the end of its body, in place of the entry's
 * `<script type="module">` and modulepreload links in the head: once the browser reports the page's
 * first contentful paint (the timing entry comes when that frame is on screen; a first paint of the
 * background alone, while the font's short block hides the text, does not count), it preloads the
 * modules named in the element's `data-preload` and imports `data-entry`. Nothing is fetched before
 * then, so the form shows without waiting for the JavaScript to download, parse and run.
 * A hidden tab paints nothing: it starts at once, or when it is hidden before painting. Without
 * paint timing it starts after a frame and the task after it; and at the latest three seconds after the
 * page is parsed, whatever the browser reports (docs/adr/0106).
 * Enter in a form's field while its submit button is still the prerender's (disabled, so the browser
 * submits nothing) is noted on the script as `data-submit`, the form's index in `document.forms`;
 * the app submits that form once it has taken it over (src/lib/hydrated.ts
 * `useSubmitPressedBeforeHydration`) and marks the script `data-taken`, after which nothing is noted.
 * Its text never changes with a build
 * (the file names are in the attributes), so the CSP allows it by one fixed hash (security-headers.ts).
 */
export const START_AFTER_PAINT =
  "{const s=document.currentScript;let started=false;const start=()=>{if(started)return;started=true;for(const href of s.dataset.preload.split(' ').filter(Boolean)){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}import(s.dataset.entry)};" +
  "if(document.visibilityState!=='visible')start();else{document.addEventListener('visibilitychange',start,{once:true});setTimeout(start,3000);" +
  "if(PerformanceObserver.supportedEntryTypes?.includes('paint'))new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length===0)return;observer.disconnect();start()}).observe({type:'paint',buffered:true});" +
  "else requestAnimationFrame(()=>setTimeout(start))}" +
  "document.addEventListener('keydown',e=>{const t=e.target;if(e.key!=='Enter'||e.isComposing||!(t instanceof HTMLInputElement)||!t.form||['checkbox','radio','file'].includes(t.type)||'taken' in s.dataset)return;const b=t.form.querySelector('button[type=submit]');if(b&&b.disabled)s.dataset.submit=String([...document.forms].indexOf(t.form))},true)}";

/** The CSP source that allows START_AFTER_PAINT and no other inline script. */
export const START_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(START_AFTER_PAINT).digest('base64')}'`;

/** index.html's entry script, as Vite writes it, with the white space before it. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
/** A module index.html preloads (Vite's, and the start's: scripts/start-preloads.ts), with the white space before it. */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The modules index.html loads from the start, from the site's root: its entry and every module it
 * preloads. A page made from it (a prerendered one too, whose start script names the same files)
 * needs them named no second time (screen-preloads.ts).
 */
export function startModules(html: string): string[] {
  return [...html.matchAll(ENTRY_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
}

/**
 * index.html's head loads the entry and preloads its imports; a prerendered page starts them after
 * its first paint instead (START_AFTER_PAINT). Throws when the page has no entry script to move.
 */
export function startAfterPaint(html: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)];
  if (entries.length !== 1) throw new Error(`expected one entry script in index.html, found ${entries.length}`);
  const preloads: string[] = [];
  const head = html.replace(entries[0]![0], '').replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const script = `<script data-entry="${entries[0]![1]}" data-preload="${preloads.join(' ')}">${START_AFTER_PAINT}</script>`;
  if (!head.includes('</body>')) throw new Error('index.html has no </body>');
  return head.replace('</body>', `${script}\n  </body>`);
}
