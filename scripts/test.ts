/**
 * `npm test`: every check the project has, in order, stopping at the first failure.
 * Types, lint and layer boundaries (eslint.config.js), translations, generated docs,
 * unit/model/server tests (SQLite and PostgreSQL), a production build, then the browser tests
 * in Chromium against the real server.
 */
import { spawnSync } from 'node:child_process';

const steps: Array<[string, string[]]> = [
  ['Type check', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Lint and layer boundaries', ['eslint', '--max-warnings', '0', '.']],
  ['Translations complete', ['tsx', 'scripts/check-translations.ts']],
  ['Machine charts up to date', ['tsx', 'scripts/machine-charts.ts', '--check']],
  ['Unit, model and server tests', ['vitest', 'run']],
  ['Production build', ['tsx', 'scripts/build.ts']],
  ['Browser tests (Chromium)', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const started = Date.now();
let passed = 0;
for (const [name, [command, ...args]] of steps) {
  if (only.length > 0 && !only.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const stepStarted = Date.now();
  const result = spawnSync('npx', ['--no-install', command!, ...args], { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s (exit ${result.status ?? result.signal}).`);
    console.log(`${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += 1;
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
console.log(`${passed} passed, 0 failed`);
