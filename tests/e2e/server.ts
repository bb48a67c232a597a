/**
 * The real server for the browser tests: a fresh SQLite file with the demo data, the built app,
 * and mail sent over real SMTP to a sink started here. The sink files every message it receives
 * into E2E_MAILBOX (set by playwright.config.ts), where the specs read it (support.ts,
 * `receivedMail`); that directory is also the app's MAIL_OUTBOX, so the development mailbox
 * page lists the same mail. Started by Playwright's webServer (and by `npm run bench`).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeToOutbox } from '../../server/mail/outbox.ts';
import { startSmtpSink } from '../mail/smtp-sink.ts';

// playwright.config.ts sets it for the specs; other users of this server (the bench) get a temp dir.
const mailbox = process.env.E2E_MAILBOX ?? mkdtempSync(join(tmpdir(), 'traderoom-e2e-mailbox-'));
rmSync(mailbox, { recursive: true, force: true });
mkdirSync(mailbox, { recursive: true });
const sink = await startSmtpSink(async (raw) => void (await writeToOutbox(mailbox, raw)));

// E2E_DATA_DIR: a server that restarts on the same database (tests/e2e/restartable-server.ts).
const dir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'traderoom-e2e-'));
mkdirSync(dir, { recursive: true });
process.env.DATABASE_URL = `sqlite:${join(dir, 'e2e.sqlite')}`;
process.env.MAIL_URL = sink.url;
process.env.MAIL_OUTBOX = mailbox;
process.env.APP_KEY ??= 'e2e-app-key-not-secret-0123456789abcdef';
process.env.SEED_DEMO = '1';
process.env.SKIP_BUILD = '1';
process.env.HOST = '127.0.0.1';
// The OAuth popup posts to the app's origin exactly as the browser sees it; the loopback OIDC provider stands in for a real one.
process.env.APP_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.OAUTH_DEMO = '1';
process.env.UPLOAD_DIR = join(dir, 'uploads');
// Every spec registers from loopback: the per-address registration limit would stop the run.
process.env.REGISTER_MAX_PER_HOUR = '10000';

await import('../../server/main.ts');
