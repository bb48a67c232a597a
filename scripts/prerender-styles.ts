/**
 * The stylesheets a prerendered page needs beyond the ones index.html links (scripts/prerender.ts):
 * those of the chunks its screen is loaded in. A guest screen is lazy: its route file imports it
 * with `import('…')`, so its CSS is not the entry's and would arrive only with its JavaScript, after
 * the prerendered page has painted without it. The screen is found from the page's own render (the
 * routes the router matched), through the router generator's route tree (route id → file), the
 * route file's lazy imports and Vite's build manifest; anything on that way it cannot find throws,
 * so the build fails rather than writing a page that moves when its styles arrive.
 */
import { posix } from 'node:path';

/** One entry of Vite's build manifest (`build.manifest`, vite.config.ts). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * Each route id of the generated route tree (src/routeTree.gen.ts) with the file, from the project's
 * root, that defines it: `'/$lang/_guest/login'` → `src/routes/$lang/_guest/login.tsx`.
 */
export function routeFiles(routeTree: string): Map<string, string> {
  const imports = new Map([...routeTree.matchAll(/^import \{ Route as (\w+) \} from '\.\/([^']+)'$/gm)].map(([, name, file]) => [name!, `src/${file}.tsx`]));
  const updates = new Map([...routeTree.matchAll(/^const (\w+) =\s*(\w+)\.update\(/gm)].map(([, name, imported]) => [name!, imported!]));
  const byId = /export interface FileRoutesById \{([^}]*)\}/.exec(routeTree)?.[1];
  if (!byId) throw new Error('the route tree has no FileRoutesById');
  const files = new Map<string, string>();
  for (const [, quoted, bare, name] of byId.matchAll(/^\s*(?:'([^']+)'|(\w+)): typeof (\w+)$/gm)) {
    const route = name!.replace(/WithChildren$/, '');
    const file = imports.get(route) ?? imports.get(updates.get(route) ?? '');
    if (file) files.set(quoted ?? bare!, file);
  }
  return files;
}

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];

/**
 * The manifest keys of the modules a route file imports lazily (its screen), in the file's order.
 * Throws for a lazy import that is not a plain string or is not in the manifest, and for a route
 * file with none: its screen would then be reached some other way (a registry module, as the
 * signed-in screens' -screens.ts), which this function must be taught before it can inline its styles.
 */
export function lazyImports(routeFile: string, source: string, manifest: Manifest): string[] {
  const keys: string[] = [];
  for (const [call, single, double] of source.matchAll(/\bimport\(\s*(?:'([^']+)'|"([^"]+)")?/g)) {
    const specifier = single ?? double;
    if (!specifier) throw new Error(`${routeFile}: a lazy import whose module is not a plain string (${call}…): its styles cannot be found for the prerendered page`);
    const module = specifier.startsWith('.') ? posix.join(posix.dirname(routeFile), specifier) : specifier;
    const key = ['', ...EXTENSIONS].map((extension) => module + extension).find((candidate) => candidate in manifest);
    if (!key) throw new Error(`${routeFile} imports ${specifier} lazily, and the build's manifest has no ${module}: its styles cannot be inlined in the prerendered page`);
    keys.push(key);
  }
  if (keys.length === 0) throw new Error(`${routeFile} imports no screen lazily: scripts/prerender-styles.ts cannot tell which chunk, and so which stylesheets, its prerendered page needs`);
  return keys;
}

/**
 * The stylesheets of the chunks of these manifest keys and of everything they import statically, in
 * the order Vite's loader links them when the app imports the chunks (each chunk's imports' before
 * its own, as `__vitePreload` appends them), once each and without those the page has already.
 */
export function chunkStylesheets(manifest: Manifest, keys: readonly string[], present: ReadonlySet<string>): string[] {
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string, from: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key} (imported by ${from}): its styles cannot be inlined in the prerendered page`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported, key);
    for (const css of chunk.css ?? []) {
      const href = `/${css}`;
      if (!present.has(href) && !styles.includes(href)) styles.push(href);
    }
  };
  for (const key of keys) visit(key, 'the prerendered page');
  return styles;
}

/**
 * The stylesheets a prerendered page needs beyond `present` (index.html's own), from the ids of the
 * routes its render matched, parent first. Throws for a route the tree does not name, and for the
 * page's own (last) route when its screen cannot be found (lazyImports); the layouts above it may
 * have no lazy import (they are in the entry, whose styles the page has).
 */
export function prerenderedStylesheets(options: {
  routeIds: readonly string[];
  routeTree: string;
  readSource: (file: string) => string;
  manifest: Manifest;
  present: ReadonlySet<string>;
}): string[] {
  const { routeIds, manifest } = options;
  if (routeIds.length === 0) throw new Error('the prerendered page matched no route');
  const files = routeFiles(options.routeTree);
  const keys = routeIds.flatMap((id, index) => {
    const file = files.get(id);
    if (!file) throw new Error(`the route tree (src/routeTree.gen.ts) has no file for the route ${id}: its styles cannot be found for the prerendered page`);
    const source = options.readSource(file);
    if (index < routeIds.length - 1 && !/\bimport\(/.test(source)) return [];
    return lazyImports(file, source, manifest);
  });
  return chunkStylesheets(manifest, keys, options.present);
}
