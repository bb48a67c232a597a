/**
 * Vite plugin: index.html asks, with the entry, for everything the app's start imports with
 * `import()` (docs/adr/0120).
 *
 * src/main.tsx imports the shell and the app (its router and route tree) with `import()`, each after
 * a yield, so that their modules evaluate in tasks of their own rather than in one long task with the
 * libraries.
 * Vite links only the entry's static imports; without more, the start's chunks would be requested
 * when the entry reached each `import()`, one round trip after another. This plugin adds a
 * `modulepreload` link for each chunk the start's `import()`s load (and the chunks those import), and
 * a stylesheet link for their stylesheets, in the same form as Vite's own links: a prerendered page
 * moves them all to its start script, and inlines the stylesheets (server/http/prerendered.ts,
 * scripts/prerender.ts); a signed-in screen's preloads name none of them again (server/http/screen-preloads.ts).
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** What the plugin reads of a chunk in Vite's bundle. */
export interface StartChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Vite's bundle, by file name (an asset is anything that is not a chunk). */
export type StartBundle = Record<string, StartChunk | { type: 'asset' }>;

/**
 * The links to add to index.html: every chunk the entry's `import()`s load, with the chunks they
 * import, as `modulepreload`; their stylesheets as stylesheets. What the entry already links (its
 * static imports and their stylesheets) is left out. Throws when the bundle has no chunk a file
 * names, rather than writing a page that waits for it.
 */
export function startPreloadTags(entry: StartChunk, bundle: StartBundle, base: string): HtmlTagDescriptor[] {
  const chunkOf = (fileName: string): StartChunk => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') throw new Error(`the entry's import() of ${fileName} is not a chunk of the bundle`);
    return chunk;
  };
  const linked = new Set<string>([entry.fileName]);
  const styled = new Set<string>();
  const linkStatic = (chunk: StartChunk) => {
    for (const css of chunk.viteMetadata?.importedCss ?? []) styled.add(css);
    for (const file of chunk.imports) {
      if (linked.has(file)) continue;
      linked.add(file);
      linkStatic(chunkOf(file));
    }
  };
  linkStatic(entry);
  const preloads: string[] = [];
  const styles: string[] = [];
  const visit = (file: string) => {
    if (linked.has(file)) return;
    linked.add(file);
    preloads.push(file);
    const chunk = chunkOf(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (styled.has(css)) continue;
      styled.add(css);
      styles.push(css);
    }
    chunk.imports.forEach(visit);
  };
  entry.dynamicImports.forEach(visit);
  return [
    ...preloads.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' })),
    ...styles.map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' })),
  ];
}

export function startPreloads(): Plugin {
  let base = '/';
  return {
    name: 'start-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        return { html, tags: startPreloadTags(chunk as unknown as StartChunk, bundle as unknown as StartBundle, base) };
      },
    },
  };
}
