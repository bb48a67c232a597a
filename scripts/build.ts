/** Builds the app into dist/, prerenders the guest screens (scripts/prerender.ts), writes .br/.gz siblings for the server, stamps the build time, and compiles the server. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { findDevOnlyCode } from './dev-only';

const build = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const leaked = findDevOnlyCode('dist');
if (leaked.length > 0) {
  for (const { file, marker } of leaked) console.error(`Development-only code in the build: "${marker}" in ${file}`);
  process.exit(1);
}
// The guest screens as HTML per language and theme, before compression so they are compressed too.
const prerender = spawnSync('npx', ['--no-install', 'tsx', 'scripts/prerender.ts'], { stdio: 'inherit' });
if (prerender.status !== 0) process.exit(prerender.status ?? 1);
const compress = spawnSync('npx', ['--no-install', 'tsx', 'scripts/compress-dist.ts'], { stdio: 'inherit' });
if (compress.status !== 0) process.exit(compress.status ?? 1);
writeFileSync('dist/.build-stamp', new Date().toISOString());
// The server too, so that `npm start` finds it compiled (scripts/start.mjs, docs/adr/0092).
const server = spawnSync(process.execPath, ['scripts/start.mjs', '--compile'], { stdio: 'inherit' });
if (server.status !== 0) process.exit(server.status ?? 1);
