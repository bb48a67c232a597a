import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { routeCatalogues } from './scripts/route-catalogues.ts';

const entryLoaded = new Set<string>();

/** A module the entry imports statically, directly or through other modules (no dynamic import on the way). */
function loadedByEntry(id: string, ctx: ChunkingContext): boolean {
  if (entryLoaded.has(id)) return true;
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = ctx.getModuleInfo(queue.pop()!);
    if (!info) continue;
    if (info.isEntry) {
      entryLoaded.add(id);
      return true;
    }
    for (const importer of info.importers) {
      if (entryLoaded.has(importer)) {
        entryLoaded.add(id);
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
              // The shell every screen stands in: the app's own modules (layouts, fields, icons,
              // HTTP, the machines, the contract) that the entry loads before any screen, in one
              // chunk. What only some screens use is left to the bundler, which puts it with them:
              // a new feature's modules stay off the sign-in path without a line here.
              debugName: 'shell',
              name: (id, ctx) => (/[\\/](src[\\/](ui|lib)|machines|contract)[\\/]/.test(id) && loadedByEntry(id, ctx) ? 'shell' : null),
            },
            {
              // The icons the entry does not draw, one chunk: one module an icon keeps them out of
              // the shell, and together they are one small file rather than one each (docs/adr/0103).
              debugName: 'icons',
              name: (id, ctx) => (/[\\/]src[\\/]ui[\\/]icons[\\/]/.test(id) && !loadedByEntry(id, ctx) ? 'icons' : null),
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
