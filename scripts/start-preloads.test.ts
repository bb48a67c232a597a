import { describe, expect, it } from 'vitest';
import { startPreloadTags, type StartBundle, type StartChunk } from './start-preloads.ts';

const chunk = (fileName: string, imports: string[] = [], css: string[] = [], dynamicImports: string[] = []): StartChunk => ({
  type: 'chunk',
  fileName,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css) },
});

// The shape of the app's build (docs/adr/0120): the entry imports the libraries and its own helpers,
// and the shell and the app (its router, its route tree) with import(); a screen is lazy, further down.
const ENTRY = chunk('assets/index-1.js', ['assets/vendor-1.js', 'assets/start-1.js'], ['assets/index-1.css'], ['assets/runtime-1.js', 'assets/app-1.js']);
const BUNDLE: StartBundle = {
  'assets/index-1.js': ENTRY,
  'assets/vendor-1.js': chunk('assets/vendor-1.js'),
  'assets/start-1.js': chunk('assets/start-1.js', [], ['assets/start-1.css']),
  'assets/runtime-1.js': chunk('assets/runtime-1.js', ['assets/shell-1.js']),
  'assets/shell-1.js': chunk('assets/shell-1.js', ['assets/vendor-1.js', 'assets/start-1.js'], ['assets/shell-1.css', 'assets/start-1.css']),
  'assets/app-1.js': chunk('assets/app-1.js', ['assets/vendor-1.js', 'assets/shell-1.js'], [], ['assets/LoginScreen-1.js']),
  'assets/LoginScreen-1.js': chunk('assets/LoginScreen-1.js', ['assets/shell-1.js'], ['assets/LoginScreen-1.css']),
  'assets/index-1.css': { type: 'asset' },
};

const hrefs = (rel: string, base = '/') =>
  startPreloadTags(ENTRY, BUNDLE, base)
    .filter((tag) => tag.attrs?.rel === rel)
    .map((tag) => tag.attrs?.href);

describe("index.html's links to what the start imports with import()", () => {
  it("preload each chunk the start's imports load, with the chunks those import, once each and without the entry's own", () => {
    expect(hrefs('modulepreload')).toEqual(['/assets/runtime-1.js', '/assets/shell-1.js', '/assets/app-1.js']);
  });

  it("link their stylesheets that the entry's do not already hold", () => {
    expect(hrefs('stylesheet')).toEqual(['/assets/shell-1.css']);
  });

  it("leave a screen the route tree loads lazily to the router: it is not the start's", () => {
    expect(hrefs('modulepreload')).not.toContain('/assets/LoginScreen-1.js');
    expect(hrefs('stylesheet')).not.toContain('/assets/LoginScreen-1.css');
  });

  it("are Vite's own link tags, in the head, under the app's base", () => {
    const [first] = startPreloadTags(ENTRY, BUNDLE, '/app/');
    expect(first).toEqual({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/app/assets/runtime-1.js' }, injectTo: 'head' });
  });

  it('throw for an import the bundle has no chunk for, rather than write a page that waits for it', () => {
    const entry = chunk('assets/index-1.js', [], [], ['assets/gone-1.js']);
    expect(() => startPreloadTags(entry, { 'assets/index-1.js': entry }, '/')).toThrow(/gone-1\.js/);
  });
});
