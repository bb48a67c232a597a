import { readFileSync } from 'node:fs';
import type { Locale } from '../../contract/locales.ts';

/**
 * What a signed-in screen's first load fetches one after another (the signed-in layout's chunk,
 * the screen's chunk, their words), named in the page itself so the browser asks for them all with
 * the entry (docs/adr/0102). The chunks' files come from Vite's build manifest; a screen not listed
 * here, or a build without a manifest, gets the page as it was.
 */

/** The manifest Vite writes with `build.manifest` (vite.config.ts), under the built app's folder. */
export const MANIFEST_FILE = '.vite/manifest.json';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const LAYOUT = 'src/routes/$lang/_auth/-layout.tsx';
/** The signed-in screens' registry (docs/adr/0103): the route files import their screen through it. */
const SCREENS = 'src/routes/$lang/_auth/-screens.ts';
/** The navbar's bell, which the layout loads lazily but shows at once (else the navbar's actions move when it comes). */
const BELL = 'src/features/notifications/NotificationBell.tsx';

/**
 * The signed-in screens' modules by the address's segment after the language (`/en/home`), each
 * the module its route file loads lazily through the registry (src/routes/$lang/_auth/<segment>.tsx
 * and -screens.ts); a test holds them in step. The screens in folders (accounts, settings, tickets, …) have a route per address
 * below the segment and are left out.
 */
export const SCREEN_MODULES: Readonly<Record<string, string>> = {
  home: 'src/features/home/HomeScreen.tsx',
  wallet: 'src/features/wallet/WalletScreen.tsx',
  history: 'src/features/history/HistoryScreen.tsx',
  notifications: 'src/features/notifications/NotificationsScreen.tsx',
  analytics: 'src/features/analytics/AnalyticsScreen.tsx',
  calendar: 'src/features/calendar/CalendarScreen.tsx',
  services: 'src/features/services/ServicesScreen.tsx',
};

/** The catalogue parts a signed-in screen waits for (src/routes/$lang/_auth/route.tsx, docs/adr/0100). */
function catalogueParts(locale: Locale, segment: string): string[] {
  return [`virtual:route-catalogue/${locale}/app`, `virtual:route-catalogue/${locale}/app/${segment}`];
}

export interface ScreenPreloads {
  modules: string[];
  styles: string[];
  fonts: string[];
}

/**
 * The text face's files the screen's words are drawn with (the Latin subset, and the Cyrillic one
 * in Russian and Ukrainian): fetched with the page, not once the stylesheet asks, so the text is
 * not drawn twice, moving what is below it, when the face arrives after the screen.
 */
function textFonts(entry: ManifestChunk | undefined, locale: Locale): string[] {
  const subsets = locale === 'en' ? ['latin'] : ['latin', 'cyrillic'];
  const files = entry?.assets ?? [];
  return subsets.flatMap((subset) => files.filter((file) => new RegExp(`/inter-${subset}-wght-normal-[^/]*\\.woff2$`).test(file)).map((file) => `/${file}`));
}

/**
 * The files, from the site's root, that a signed-in screen's first load needs beyond those the page
 * loads already: `inPage`, index.html's own (prerendered.ts startModules), whose chunks' imports are
 * there too.
 */
export function screenPreloads(manifest: Manifest, path: string, locale: Locale, inPage: ReadonlySet<string>): ScreenPreloads | null {
  const [, lang, segment = ''] = path.split('/');
  const screen = SCREEN_MODULES[segment];
  if (lang !== locale || !screen || !manifest[screen] || !manifest[LAYOUT]) return null;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const seen = new Set<string>();
  const modules: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file) || inPage.has(`/${chunk.file}`)) return;
    seen.add(chunk.file);
    modules.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [LAYOUT, SCREENS, ...catalogueParts(locale, segment), screen, BELL]) visit(key);
  return { modules, styles, fonts: textFonts(entry, locale) };
}

/** The links for the page's head: modules as `modulepreload` (as Vite's own), stylesheets fetched but left to the app to apply, fonts fetched. */
export function preloadLinks({ modules, styles, fonts }: ScreenPreloads): string {
  return [
    ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`),
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('\n    ');
}

/** The manifest of a build, or null when the build wrote none (or it cannot be read). */
export function readManifest(file: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}
