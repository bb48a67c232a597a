import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { preloadLinks, SCREEN_MODULES, screenPreloads } from '../../server/http/screen-preloads.ts';

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_vendor-1.js', '_start-1.js'],
    // The app's start (src/main.tsx) imports the shell through the runtime, and the app with its route tree.
    dynamicImports: ['src/lib/runtime.ts', 'src/app.tsx'],
    assets: ['assets/inter-cyrillic-ext-wght-normal-1.woff2', 'assets/inter-cyrillic-wght-normal-1.woff2', 'assets/inter-latin-ext-wght-normal-1.woff2', 'assets/inter-latin-wght-normal-1.woff2'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_start-1.js': { file: 'assets/start-1.js' },
  'src/lib/runtime.ts': { file: 'assets/runtime-1.js', imports: ['_shell-1.js'] },
  '_shell-1.js': { file: 'assets/shell-1.js', imports: ['_vendor-1.js', '_start-1.js'] },
  'src/app.tsx': { file: 'assets/app-1.js', imports: ['_vendor-1.js', '_shell-1.js'], dynamicImports: ['src/routes/$lang/_auth/-layout.tsx'] },
  '_query-1.js': { file: 'assets/query-1.js', imports: ['_vendor-1.js'] },
  '_money-1.js': { file: 'assets/money-1.js', imports: ['_shell-1.js', '_query-1.js'], css: ['assets/money-1.css'] },
  'src/routes/$lang/_auth/-layout.tsx': { file: 'assets/-layout-1.js', imports: ['_vendor-1.js', '_shell-1.js'] },
  'src/features/home/HomeScreen.tsx': { file: 'assets/HomeScreen-1.js', imports: ['_shell-1.js', '_money-1.js', '_query-1.js'], css: ['assets/HomeScreen-1.css'] },
  'virtual:route-catalogue/en/app': { file: 'assets/app-en.js' },
  'virtual:route-catalogue/en/app/home': { file: 'assets/home-en.js' },
  'virtual:route-catalogue/ru/app': { file: 'assets/app-ru.js' },
  'virtual:route-catalogue/ru/app/home': { file: 'assets/home-ru.js' },
};

/** What index.html loads from the start (server/http/prerendered.ts startModules): the entry, its imports, the start's import()s and theirs. */
const IN_PAGE = new Set(['/assets/index-1.js', '/assets/vendor-1.js', '/assets/start-1.js', '/assets/runtime-1.js', '/assets/shell-1.js', '/assets/app-1.js']);

describe('what a signed-in screen preloads', () => {
  it('names the layout, the words in the address language, the screen and its imports once each, and nothing the page loads already', () => {
    expect(screenPreloads(MANIFEST, '/ru/home', 'ru', IN_PAGE)).toEqual({
      modules: ['/assets/-layout-1.js', '/assets/app-ru.js', '/assets/home-ru.js', '/assets/HomeScreen-1.js', '/assets/money-1.js', '/assets/query-1.js'],
      styles: ['/assets/HomeScreen-1.css', '/assets/money-1.css'],
      fonts: ['/assets/inter-latin-wght-normal-1.woff2', '/assets/inter-cyrillic-wght-normal-1.woff2'],
    });
  });

  it('takes what is in the page from the page: a chunk it does not preload is named, with its imports', () => {
    const withoutShell = new Set([...IN_PAGE].filter((file) => file !== '/assets/shell-1.js'));
    expect(screenPreloads(MANIFEST, '/en/home', 'en', withoutShell)?.modules).toEqual([
      '/assets/-layout-1.js',
      '/assets/shell-1.js',
      '/assets/app-en.js',
      '/assets/home-en.js',
      '/assets/HomeScreen-1.js',
      '/assets/money-1.js',
      '/assets/query-1.js',
    ]);
  });

  it('fetches the Cyrillic face only for the languages written in it', () => {
    expect(screenPreloads(MANIFEST, '/en/home', 'en', IN_PAGE)?.fonts).toEqual(['/assets/inter-latin-wght-normal-1.woff2']);
  });

  it('preloads nothing for a screen it does not know, an address without a language, or a build without the screen', () => {
    expect(screenPreloads(MANIFEST, '/en/tickets', 'en', IN_PAGE)).toBeNull();
    expect(screenPreloads(MANIFEST, '/en/wallet', 'en', IN_PAGE)).toBeNull();
    expect(screenPreloads(MANIFEST, '/home', 'en', IN_PAGE)).toBeNull();
    const { ['src/features/home/HomeScreen.tsx']: _home, ...without } = MANIFEST;
    expect(screenPreloads(without, '/en/home', 'en', IN_PAGE)).toBeNull();
  });

  it('writes modules as modulepreload, stylesheets as preloads the app applies itself, and fonts as font preloads', () => {
    expect(preloadLinks({ modules: ['/assets/a.js'], styles: ['/assets/a.css'], fonts: ['/assets/a.woff2'] })).toBe(
      [
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/a.woff2">',
        '<link rel="modulepreload" crossorigin href="/assets/a.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/a.css">',
      ].join('\n    '),
    );
  });

  it('knows each screen by the module its route file loads through the registry', () => {
    const registry = readFileSync('src/routes/$lang/_auth/-screens.ts', 'utf8');
    for (const [segment, module] of Object.entries(SCREEN_MODULES)) {
      const route = readFileSync(`src/routes/$lang/_auth/${segment}.tsx`, 'utf8');
      const name = /screens\.(\w+)\(\)/.exec(route)?.[1];
      expect(name, segment).toBeDefined();
      expect(registry).toContain(`export const ${name} = () => import('../../../${module.replace(/^src\//, '').replace(/\.tsx$/, '')}');`);
    }
  });
});
