import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressDir } from './compress.ts';

/** What the built app is made from: a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'machines',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
];

export const BUILD_STAMP = '.build-stamp';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is fresh. */
export function staleReason(root: string, staticDir: string): string | null {
  const stamp = join(staticDir, BUILD_STAMP);
  if (!existsSync(join(staticDir, 'index.html'))) return 'the app has not been built';
  if (!existsSync(stamp)) return `${BUILD_STAMP} is missing`;
  const built = statSync(stamp).mtimeMs;
  const changed = BUILD_INPUTS.find((input) => newestMtime(join(root, input)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Builds the app when dist/ is missing or older than its sources: `vite build`, then the
 * .br/.gz siblings, then the stamp. Returns whether it built.
 */
export async function ensureFreshBuild(root: string, staticDir: string, log: (message: string) => void): Promise<boolean> {
  const reason = staleReason(root, staticDir);
  if (!reason) return false;
  log(`Building the app (${reason})…`);
  const startedAt = new Date();
  await run('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir'], root);
  const compressed = await compressDir(staticDir);
  const stamp = join(staticDir, BUILD_STAMP);
  writeFileSync(stamp, `${startedAt.toISOString()}\n`);
  // Dated to the start of the build: a source saved while vite ran still counts as newer.
  utimesSync(stamp, startedAt, startedAt);
  log(`Built the app into ${staticDir} (${compressed} files precompressed).`);
  return true;
}
