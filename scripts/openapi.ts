/**
 * `npm run openapi`: writes docs/openapi.json, the OpenAPI document the server builds from its
 * route schemas (server/http/openapi.ts) and serves at GET /api/openapi.json. `--check` only
 * compares, exiting 1 when the committed file is out of date (tests/server/openapi.test.ts
 * checks the same in `npm test`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connect } from '../server/db/connect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { OPENAPI_PATH } from '../server/http/openapi.ts';

const OPENAPI_FILE = new URL('../docs/openapi.json', import.meta.url);

/** The document as committed: two-space JSON with a final newline. */
const formatDocument = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

const dir = mkdtempSync(join(tmpdir(), 'traderoom-openapi-'));
try {
  // Development, as in tests: the development mailbox's routes are in the document.
  const config = loadConfig({
    NODE_ENV: 'development',
    APP_KEY: 'openapi-document-only-'.padEnd(40, 'x'),
    DATABASE_URL: `sqlite:${join(dir, 'openapi.sqlite')}`,
    STATIC_DIR: dir,
    LOG_LEVEL: 'silent',
  });
  // The app starts its trading platform, whose tables must exist: a migrated throwaway database.
  const db = connect(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, { db, platformOptions: { feed: 'manual', backfillDays: 0 } });
  const text = formatDocument((await app.inject({ method: 'GET', url: OPENAPI_PATH })).json());
  await app.close();
  await db.destroy();
  if (process.argv.includes('--check')) {
    if (readFileSync(OPENAPI_FILE, 'utf8') !== text) {
      console.error('docs/openapi.json is out of date: run `npm run openapi`.');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(OPENAPI_FILE, text);
    const paths = Object.keys((JSON.parse(text) as { paths: object }).paths).length;
    console.log(`docs/openapi.json: ${paths} paths`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
