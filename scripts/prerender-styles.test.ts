import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '../server/http/prerendered.ts';
import { chunkStylesheets, lazyImports, type Manifest, prerenderedStylesheets, routeFiles } from './prerender-styles.ts';

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shell-1.js'], dynamicImports: ['src/features/auth/LoginScreen.tsx'], css: ['assets/index-1.css'] },
  '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/shell-1.css'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_shell-1.js'], css: ['assets/form-1.css'] },
  '_passkey-1.js': { file: 'assets/passkey-1.js', imports: ['_shell-1.js', '_form-1.js'], css: ['assets/passkey-1.css'] },
  'src/features/auth/LoginScreen.tsx': {
    file: 'assets/LoginScreen-1.js',
    src: 'src/features/auth/LoginScreen.tsx',
    imports: ['_shell-1.js', '_passkey-1.js', '_form-1.js'],
    // A chunk the screen loads later, itself lazily: not the first render's.
    dynamicImports: ['src/features/auth/OAuthButtonList.tsx'],
    css: ['assets/LoginScreen-1.css'],
  },
  'src/features/auth/OAuthButtonList.tsx': { file: 'assets/OAuthButtonList-1.js', css: ['assets/OAuthButtonList-1.css'] },
};
/** What index.html links, so the prerendered page has already. */
const ENTRY_STYLES = new Set(['/assets/shell-1.css', '/assets/index-1.css']);

const ROUTE_TREE = readFileSync('src/routeTree.gen.ts', 'utf8');
const LOGIN_ROUTE = readFileSync('src/routes/$lang/_guest/login.tsx', 'utf8');
const LOGIN_MATCHES = ['__root__', '/$lang', '/$lang/_guest', '/$lang/_guest/login'];

describe("the stylesheets a prerendered page inlines after the entry's", () => {
  it("are the screen chunk's and its static imports', imports first as the app links them, once each, without the entry's", () => {
    expect(chunkStylesheets(MANIFEST, ['src/features/auth/LoginScreen.tsx'], ENTRY_STYLES)).toEqual([
      '/assets/form-1.css',
      '/assets/passkey-1.css',
      '/assets/LoginScreen-1.css',
    ]);
  });

  it('are found from the routes the render matched: the sign-in route lazily imports the login screen', () => {
    expect(lazyImports('src/routes/$lang/_guest/login.tsx', LOGIN_ROUTE, MANIFEST)).toEqual(['src/features/auth/LoginScreen.tsx']);
    expect(prerenderedStylesheets({ routeIds: LOGIN_MATCHES, routeTree: ROUTE_TREE, readSource: (file) => readFileSync(file, 'utf8'), manifest: MANIFEST, present: ENTRY_STYLES })).toEqual([
      '/assets/form-1.css',
      '/assets/passkey-1.css',
      '/assets/LoginScreen-1.css',
    ]);
  });

  it('fail the build for a route it cannot map, a screen the manifest lacks, or a chunk import it cannot follow', () => {
    const read = (file: string) => readFileSync(file, 'utf8');
    expect(() => prerenderedStylesheets({ routeIds: ['__root__', '/$lang/_guest/nowhere'], routeTree: ROUTE_TREE, readSource: read, manifest: MANIFEST, present: ENTRY_STYLES })).toThrow(
      /no file for the route \/\$lang\/_guest\/nowhere/,
    );
    expect(() => prerenderedStylesheets({ routeIds: ['/$lang/_guest/register'], routeTree: ROUTE_TREE, readSource: read, manifest: MANIFEST, present: ENTRY_STYLES })).toThrow(
      /manifest has no src\/features\/auth\/RegisterScreen/,
    );
    const { ['_form-1.js']: _form, ...withoutForm } = MANIFEST;
    expect(() => chunkStylesheets(withoutForm, ['src/features/auth/LoginScreen.tsx'], ENTRY_STYLES)).toThrow(/no _form-1\.js \(imported by _passkey-1\.js\)/);
  });

  it('fail the build for a screen route whose screen is not a plain lazy import (a registry, a computed name)', () => {
    expect(() => lazyImports('src/routes/$lang/_guest/login.tsx', "component: lazyScreen(screens.LoginScreen, 'LoginScreen')", MANIFEST)).toThrow(/imports no screen lazily/);
    expect(() => lazyImports('src/routes/$lang/_guest/login.tsx', 'component: lazyScreen(() => import(`./${name}`))', MANIFEST)).toThrow(/not a plain string/);
  });

  it('know every prerendered path by the file of its route, which imports its screen lazily', () => {
    const files = routeFiles(ROUTE_TREE);
    expect(files.get('__root__')).toBe('src/routes/__root.tsx');
    expect(files.get('/$lang/_guest')).toBe('src/routes/$lang/_guest/route.tsx');
    for (const path of PRERENDERED_PATHS) {
      // The route id of a path: the page's own route under the guest layout, or its index route.
      const file = files.get(`/$lang/_guest${path}`) ?? files.get(`/$lang/_guest${path}/`);
      expect(file, path).toBeDefined();
      expect(existsSync(file!), file).toBe(true);
      expect(readFileSync(file!, 'utf8'), file).toMatch(/lazyScreen\(\(\) => import\('[^']+'\)/);
    }
  });
});
