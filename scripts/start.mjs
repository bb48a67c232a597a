// `npm start`: runs the server compiled to dist-server/main.mjs with plain Node (no TypeScript
// loader at run time, docs/adr/0092), compiling it first when it is missing or older than any
// file it was built from. `node scripts/start.mjs --compile` only compiles (`npm run build` does).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist-server', 'main.mjs');
const inputsFile = join(root, 'dist-server', 'inputs.json');

/** True when the bundle is missing, or a source it was built from changed or went away since. */
function stale() {
  if (!existsSync(outfile) || !existsSync(inputsFile)) return true;
  const built = statSync(outfile).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return ['package.json', ...inputs].some((input) => {
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
    // Packages load from node_modules as they are (native modules, files they read beside them).
    packages: 'external',
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
  put(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs).sort()));
  for (const file of result.outputFiles) if (file.path !== outfile) put(file.path, file.contents);
  put(outfile, result.outputFiles.find((file) => file.path === outfile).contents);
}

if (stale()) await compile();
// Stack traces name the bundle's lines; `NODE_OPTIONS=--enable-source-maps` maps them to the
// TypeScript at the cost of about 15 MB held for the map.
if (!process.argv.includes('--compile')) await import(pathToFileURL(outfile).href);
