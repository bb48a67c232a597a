/**
 * Vite plugin: the Lingui catalogue of each language split by route group (docs/adr/0097).
 *
 * `virtual:route-catalogues` exports `loadCatalogue(locale, group)` (and `hasCatalogue`), which imports one part per
 * language and group, each its own chunk. A group's part holds the messages used by the modules its
 * route files reach (static and dynamic imports, stopping at another group's route file); the
 * default group (the last, every route not claimed by another, and the app's entry) is always
 * loaded, so the other parts leave out what it holds. Which module uses a message is read from the
 * catalogue's origins (`#:` lines of locales/<l>/messages.po); the module graph is only complete
 * once the bundle is, so a part is written as a placeholder and filled in `renderChunk` (before the
 * file names' hashes, so a changed translation changes its file's name).
 * A `byScreen` group (src/lib/catalogue-groups.ts) has a part per screen besides its layout's (docs/adr/0100).
 *
 * In development and in Vitest there is no bundle: the default group's part holds every message
 * and the others are empty.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { catalogueGroupOfRouteFile, DEFAULT_CATALOGUE_GROUP } from '../src/lib/catalogue-groups.ts';

const VIRTUAL = 'virtual:route-catalogues';
const PART = 'virtual:route-catalogue/';
// A group may hold a `/` (a screen's part: `app/home`).
const PLACEHOLDER = /(["'`])__ROUTE_CATALOGUE_([a-z]+)_([\w/-]+)__\1/g;

type Catalogue = Awaited<ReturnType<typeof getCatalogs>>[number];

const groupOfRouteFile = (file: string): string | undefined => catalogueGroupOfRouteFile(file);

/** A registry of screen chunks (`src/routes/**\/-screens.ts`, docs/adr/0103): one export a screen, `Name = () => import('…')`. */
const isScreenRegistry = (id: string) => /[\\/]src[\\/]routes[\\/](.+[\\/])?-screens\.ts$/.test(id.split('?')[0]!);

/**
 * The screens a module takes from a registry (`screens.HomeScreen()`): the registry imports every
 * screen, so following all its imports would give each route the words of all of them.
 */
function screensTakenFrom(importer: string, registry: string, imported: readonly string[]): string[] {
  const called = new Set([...readFileSync(importer.split('?')[0]!, 'utf8').matchAll(/\.(\w+)\(\)/g)].map((match) => match[1]!));
  const path = registry.split('?')[0]!;
  return [...readFileSync(path, 'utf8').matchAll(/export const (\w+) = \(\) => import\('([^']+)'\)/g)]
    .filter(([, name]) => called.has(name!))
    .map(([, , target]) => resolve(dirname(path), target!))
    .flatMap((target) => imported.filter((id) => id.split('?')[0]!.replace(/\.tsx?$/, '') === target));
}

/** Every part: the groups of the route files on disk (a screen's part exists once its file does), default last. */
function allGroups(root: string): string[] {
  const files = readdirSync(join(root, 'src/routes'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  const found = new Set(files.map((file) => groupOfRouteFile(`src/routes/${file.split('\\').join('/')}`)!));
  found.delete(DEFAULT_CATALOGUE_GROUP);
  return [...[...found].sort(), DEFAULT_CATALOGUE_GROUP];
}

export function routeCatalogues(): Plugin {
  const config = getConfig();
  const locales = config.locales;
  let root = process.cwd();
  let building = false;
  let catalogue: Catalogue | undefined;
  let partsByGroup: Map<string, Set<string>> | undefined;

  async function source(): Promise<Catalogue> {
    catalogue ??= (await getCatalogs(config))[0]!;
    return catalogue;
  }

  async function compiled(locale: string, ids: Set<string> | 'all'): Promise<string> {
    const { messages } = await (await source()).getTranslations(locale, {
      fallbackLocales: config.fallbackLocales ?? {},
      sourceLocale: config.sourceLocale ?? 'en',
    });
    const picked = ids === 'all' ? messages : Object.fromEntries(Object.entries(messages).filter(([id]) => ids.has(id)));
    const { source: json, errors } = createCompiledCatalog(locale, picked, { namespace: 'json' });
    if (errors.length > 0) throw new Error(`messages of ${locale} that do not compile: ${errors.map((error) => error.id).join(', ')}`);
    return `JSON.parse(${JSON.stringify(JSON.stringify((JSON.parse(json) as { messages: unknown }).messages))})`;
  }

  return {
    name: 'route-catalogues',
    configResolved(resolved) {
      root = resolved.root;
      building = resolved.command === 'build';
    },
    buildStart() {
      catalogue = undefined;
      partsByGroup = undefined;
    },
    resolveId(id) {
      if (id === VIRTUAL || id.startsWith(PART)) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (id === `\0${VIRTUAL}`) {
        const entries = locales.flatMap((locale) =>
          allGroups(root).map((group) => `  '${locale}:${group}': () => import('${PART}${locale}/${group}'),`),
        );
        return [
          'const parts = {',
          ...entries,
          '};',
          'export function hasCatalogue(locale, group) {',
          '  return `${locale}:${group}` in parts;',
          '}',
          'export function loadCatalogue(locale, group) {',
          '  return parts[`${locale}:${group}`]().then((part) => part.messages);',
          '}',
        ].join('\n');
      }
      if (!id.startsWith(`\0${PART}`)) return undefined;
      const [locale, ...rest] = id.slice(PART.length + 1).split('/') as [string, ...string[]];
      const group = rest.join('/');
      if (building) return `export const messages = "__ROUTE_CATALOGUE_${locale}_${group}__";`;
      return `export const messages = ${group === DEFAULT_CATALOGUE_GROUP ? await compiled(locale, 'all') : '{}'};`;
    },
    async renderChunk(code) {
      if (!code.includes('__ROUTE_CATALOGUE_')) return null;
      partsByGroup ??= await messagesByGroup.call(this);
      const out = new MagicString(code);
      for (const match of code.matchAll(PLACEHOLDER)) {
        const [whole, , locale, group] = match as unknown as [string, string, string, string];
        out.overwrite(match.index!, match.index! + whole.length, await compiled(locale, partsByGroup.get(group) ?? new Set()));
      }
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary' }) };
    },
  };

  /** Each group's message ids: those whose origin its route files reach, less the default group's. */
  async function messagesByGroup(this: { getModuleIds(): IterableIterator<string>; getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean } | null }) {
    const file = (id: string) => relative(root, id.split('?')[0]!).split('\\').join('/');
    const ids = [...this.getModuleIds()];
    const reach = (group: string): Set<string> => {
      const roots = ids.filter(
        (id) => (groupOfRouteFile(file(id)) === group && !isScreenRegistry(id)) || (group === DEFAULT_CATALOGUE_GROUP && this.getModuleInfo(id)?.isEntry),
      );
      const seen = new Set<string>(roots);
      const queue = [...roots];
      while (queue.length > 0) {
        const current = queue.pop()!;
        const info = this.getModuleInfo(current);
        for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
          if (seen.has(next)) continue;
          if (isScreenRegistry(next)) {
            const screens = screensTakenFrom(current, next, this.getModuleInfo(next)?.dynamicallyImportedIds ?? []);
            for (const screen of screens.filter((id) => !seen.has(id))) {
              seen.add(screen);
              queue.push(screen);
            }
            continue;
          }
          const owner = groupOfRouteFile(file(next));
          if (owner !== undefined && owner !== group) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      return new Set([...seen].map(file));
    };
    const origins = await (await source()).read(config.sourceLocale ?? 'en');
    const usedBy = (files: Set<string>) =>
      new Set(Object.entries(origins ?? {}).filter(([, message]) => message.origin?.some(([origin]) => files.has(origin))).map(([id]) => id));
    const base = usedBy(reach(DEFAULT_CATALOGUE_GROUP));
    const result = new Map<string, Set<string>>([[DEFAULT_CATALOGUE_GROUP, base]]);
    // A group before its screens (`app` before `app/home`): a screen's part leaves out its layout's too.
    for (const group of allGroups(root).filter((name) => name !== DEFAULT_CATALOGUE_GROUP)) {
      const layout = group.includes('/') ? result.get(group.split('/')[0]!) : undefined;
      result.set(group, new Set([...usedBy(reach(group))].filter((id) => !base.has(id) && !layout?.has(id))));
    }
    // A message no group claims has origins the bundle does not know (a file renamed or moved
    // without `npm run i18n:extract`): it goes with the default group rather than show its id.
    const claimed = new Set([...result.values()].flatMap((ids) => [...ids]));
    for (const id of Object.keys(origins ?? {})) if (!claimed.has(id)) base.add(id);
    return result;
  }
}
