import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { routeCatalogues } from './scripts/route-catalogues.ts';
import { startPreloads } from './scripts/start-preloads.ts';

const startLoaded = new Set<string>();

/** The app's start: it imports the shell and the app (router, route tree) with `import()`, each evaluated in a task of its own (docs/adr/0120). */
const START = /[\\/]src[\\/]main\.tsx$/;

/** The page's entry, or a module the start imports with `import()`: a step of the start. */
function isStartStep(id: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  return !!info && (info.isEntry || info.dynamicImporters.some((importer) => START.test(importer)));
}

/**
 * A module the app's start loads before any screen: the entry imports it statically, or one of the
 * start's steps does, directly or through other modules.
 */
function loadedByStart(id: string, ctx: ChunkingContext): boolean {
  if (startLoaded.has(id)) return true;
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (isStartStep(next, ctx)) {
      startLoaded.add(id);
      return true;
    }
    for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
      if (startLoaded.has(importer)) {
        startLoaded.add(id);
        return true;
      }
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

/** Vite's loader behind every `import()`, the start's own included: with the start's imports, not in the shell. */
const PRELOAD_HELPER = /vite[\\/]preload-helper/;

/** One of the app's modules (or stylesheets) that the start imports statically: it evaluates with the libraries, before the shell. */
function importedByStart(id: string, ctx: ChunkingContext): boolean {
  return /\.(tsx?|css)$/.test(id) && !/[\\/]node_modules[\\/]/.test(id) && (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => START.test(importer));
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8000'}`;

export default defineConfig({
  plugins: [
    // The router generator must run before React's transform.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: false,
      quoteStyle: 'single',
    }),
    // React's own Babel pass compiles Lingui's macros (no separate Babel plugin: see
    // docs/adr/0073-dependencies-install-on-node-20.md).
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // The catalogue of each language in parts, one per route group (docs/adr/0097).
    routeCatalogues(),
    // index.html asks for the chunks the start imports with import() with the entry (docs/adr/0120).
    startPreloads(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore built in; @xstate/react asks for the pre-18 shim.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server reads it to preload a signed-in screen's chunks (server/http/screen-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // A feature's modules do nothing on import (their stylesheets aside), so what a feature's
      // index.ts re-exports and the importing screen does not use stays out of its chunks.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]features[\\/].*\.tsx?$/, sideEffects: false }] },
      output: {
        // The libraries every first visit needs go in one chunk: one gzip stream compresses
        // better than many small ones. Anything else (realtime, charts) stays lazy.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // TanStack Query is left out: only the content screens use it (src/data/query-client.ts).
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!(react-)?query)[^\\/]+|xstate|@xstate|use-sync-external-store|ofetch|ufo|destr|@lingui)[\\/]/,
            },
            {
              // TanStack Query in one chunk, not six: the content screens that use it fetch one
              // gzip stream instead of six small ones (each compresses worse alone; docs/adr/0100).
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/,
            },
            {
              // The balance chart's library: its own chunk, loaded only by the analytics screen.
              name: 'charts',
              test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/,
            },
            {
              // What the start imports itself (the yield between its steps, the reload on a missing
              // chunk, the global stylesheets, Vite's loader of its imports): a small chunk of its own, evaluated with the libraries, before the shell. Not
              // in the start's chunk: a chunk that imports from a module still at its top-level
              // await waits for it, and the start waits for its screens' chunks: they would wait forever.
              debugName: 'start',
              name: (id, ctx) => (importedByStart(id, ctx) || PRELOAD_HELPER.test(id) ? 'start' : null),
            },
            {
              // The shell every screen stands in: the app's own modules (layouts, fields, icons,
              // HTTP, the machines, the contract) that the start loads before any screen, in one
              // chunk. What only some screens use is left to the bundler, which puts it with them:
              // a new feature's modules stay off the sign-in path without a line here.
              debugName: 'shell',
              name: (id, ctx) => (/[\\/](src[\\/](ui|lib)|machines|contract)[\\/]/.test(id) && !importedByStart(id, ctx) && loadedByStart(id, ctx) ? 'shell' : null),
            },
            {
              // The icons the entry does not draw, one chunk: one module an icon keeps them out of
              // the shell, and together they are one small file rather than one each (docs/adr/0103).
              debugName: 'icons',
              name: (id, ctx) => (/[\\/]src[\\/]ui[\\/]icons[\\/]/.test(id) && !loadedByStart(id, ctx) ? 'icons' : null),
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/broadcasting': apiTarget,
      '/pusher': apiTarget,
      '/app': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
