// `npm start`: runs the server compiled to dist-server/main.mjs with plain Node (no TypeScript
// loader at run time, docs/adr/0092), compiling it first when it is missing or older than any
// file it was built from. `node scripts/start.mjs --compile` only compiles (`npm run build` does).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { setTimeout } from 'node:timers';
import { runInNewContext } from 'node:vm';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist-server', 'main.mjs');
const inputsFile = join(root, 'dist-server', 'inputs.json');

/**
 * Packages not bundled: native ones, those loaded on first use through server/packages.ts (a
 * start must not read them), and development-only ones (the OAuth demo, the dev mailbox).
 */
const EXTERNAL = ['better-sqlite3', '@node-rs/argon2', 'pg', 'ioredis', 'nodemailer', 'pusher', 'qrcode', '@simplewebauthn/server', 'oidc-provider', 'mailparser'];

/** True when the bundle is missing, or a source it was built from changed or went away since. */
function stale() {
  if (!existsSync(outfile) || !existsSync(inputsFile)) return true;
  const built = statSync(outfile).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return ['package.json', 'package-lock.json', 'scripts/start.mjs', ...inputs].some((input) => {
    const path = join(root, input);
    return !existsSync(path) || statSync(path).mtimeMs > built;
  });
}

async function compile() {
  // esbuild comes with the development dependencies; a production install ships dist-server/ built.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too: one file to read and compile instead of about 1,500 modules to
    // resolve, read and, for CommonJS, scan for their exports (docs/adr/0101: 40% of the start's CPU).
    // Left outside: native modules, and what loads on first use only (server/packages.ts) or
    // only in development, so that a start never reads it.
    external: EXTERNAL,
    // Bundled CommonJS calls require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Names are not kept (keepNames): it wraps every function the bundle creates, closures made per
    // request too, in a call that redefines its name, and cost 12-14% of `GET /api/user`'s CPU
    // (docs/adr/0107). Identifiers are not minified, so a function keeps its own name; only a
    // top-level name two modules share gets a number in one of them (seen in stack traces alone).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(dirname(outfile), { recursive: true });
  // Two processes started together may both compile: each file appears whole, by a rename.
  const put = (path, contents) => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  };
  // Bundled packages change only with package.json or package-lock.json: their 1,500 files are not listed.
  put(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/')).sort()));
  for (const file of result.outputFiles) if (file.path !== outfile) put(file.path, file.contents);
  put(outfile, result.outputFiles.find((file) => file.path === outfile).contents);
}

if (stale()) await compile();
// Stack traces name the bundle's lines; `NODE_OPTIONS=--enable-source-maps` maps them to the
// TypeScript at the cost of about 15 MB held for the map.
if (!process.argv.includes('--compile')) {
  // The start allocates in bursts (modules, routes, the platform's first reads): V8 answers by
  // growing its young generation to 32 MB, which an idle server then holds for good (docs/adr/0101:
  // 20 MB of the idle RSS). Not growing it until the server listens keeps it small; V8's default
  // growth (2) is set back then, so a busy server grows it as before.
  setFlagsFromString('--semi-space-growth-factor=1');
  // A full collection a second after listening, once: what V8's memory reducer does for an idle
  // process, which the platform's ticks never let it see (about 4 MB of the idle RSS, 0101).
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc');
  await import(pathToFileURL(outfile).href);
  setFlagsFromString('--semi-space-growth-factor=2');
  setTimeout(() => collect(), 1000).unref();
}
