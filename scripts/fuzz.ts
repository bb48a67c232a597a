/**
 * `npm run fuzz [cases]`: the fuzz suite (tests/server/fuzz.test.ts) with 12,000 cases per
 * database (SQLite and PostgreSQL, the same fixed seed), then its counts: cases per endpoint,
 * statuses seen, answers of 500 or more and crashes, each with the request that caused it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cases = Number(process.argv[2] ?? 12_000);
if (!Number.isInteger(cases) || cases < 1) {
  console.error('usage: npm run fuzz [cases per database]');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'traderoom-fuzz-'));
const report = join(dir, 'report');
const result = spawnSync('npx', ['--no-install', 'vitest', 'run', '--project', 'server', 'tests/server/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_CASES: String(cases), FUZZ_REPORT: report },
});
for (const dialect of ['sqlite', 'postgres']) {
  const file = `${report}.${dialect}.txt`;
  console.log(existsSync(file) ? `\n${readFileSync(file, 'utf8')}` : `\n${dialect}: no report (the suite stopped before the fuzz ran)`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
