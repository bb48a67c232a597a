/**
 * The real server for the browser tests: a fresh SQLite file with the demo data, the built app,
 * mail into a throwaway outbox. Started by Playwright's webServer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'traderoom-e2e-'));
process.env.DATABASE_URL = `sqlite:${join(dir, 'e2e.sqlite')}`;
process.env.MAIL_OUTBOX = join(dir, 'mail');
process.env.APP_KEY ??= 'e2e-app-key-not-secret-0123456789abcdef';
process.env.SEED_DEMO = '1';
process.env.SKIP_BUILD = '1';
process.env.HOST = '127.0.0.1';
// The OAuth popup posts to the app's origin exactly as the browser sees it; the loopback OIDC provider stands in for a real one.
process.env.APP_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.OAUTH_DEMO = '1';
process.env.UPLOAD_DIR = join(dir, 'uploads');

await import('../../server/main.ts');
