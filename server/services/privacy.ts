import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPORT_INTERVAL_MINUTES, EXPORT_TTL_HOURS, type ClosureBlocker, type DataExport, type DataExportStatusAnswer } from '../../contract/privacy.ts';
import { dialectOf } from '../db/dialect.ts';
import type { DataExportsTable, Db } from '../db/schema.ts';
import { mails } from '../mail/mails.ts';
import { PlatformError, type TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';
import { collectUserData, writeZip } from './data-export.ts';
import { onPlatform } from './platform-errors.ts';
import type { AccountState } from '../../contract/platform.ts';
import type { MailOut } from './mail-out.ts';
import type { Notify } from './notifications.ts';
import type { PasswordHasher } from './passwords.ts';
import { secretBox } from './secret-box.ts';
import { hashToken } from './tokens.ts';
import { forUpdate } from './transactions.ts';
import type { UserService } from './users.ts';

type Log = { error(obj: object, msg: string): void };

/** A worker holds a preparing export this long; past it another pass (or process) takes it up again. */
const CLAIM_MS = 10 * 60_000;
/** After this many tries an export is marked failed, so a file that always breaks the builder cannot loop. */
const MAX_ATTEMPTS = 3;

export type ExportRequest =
  | { outcome: 'created'; export: DataExport }
  | { outcome: 'busy' }
  | { outcome: 'too-soon'; retryAfterSeconds: number };

export type ExportDownload = { outcome: 'ready'; path: string; size: number; fileName: string } | { outcome: 'not-found' } | { outcome: 'expired' } | { outcome: 'not-ready' };

export type Closure = { outcome: 'closed' } | { outcome: 'blocked'; blockers: ClosureBlocker[] };

export interface PrivacyService {
  /** Queues an export (one at a time per user, one an hour); the worker prepares it off the request. */
  requestExport(userId: number): Promise<ExportRequest>;
  status(userId: number): Promise<DataExportStatusAnswer>;
  /** The owner's ready file by its token; another user's token is not-found, like an unknown one. */
  download(userId: number, token: string): Promise<ExportDownload>;
  /**
   * One pass of the worker: prepares every queued export no one holds, then deletes expired files.
   * Passes run one after another in this process; the answer settles when this one has.
   */
  drain(): Promise<void>;
  /** At start on SQLite (one process): exports a stopped process held are queued again at once. */
  requeue(): Promise<number>;
  closureBlockers(userId: number): Promise<ClosureBlocker[]>;
  /** Anonymises the account and keeps what the law requires (docs/adr/0089); refused while anything in `closureBlockers` remains. */
  close(userId: number): Promise<Closure>;
}

export interface PrivacyDeps {
  db: Db;
  clock: Clock;
  appKey: string;
  appUrl: string;
  uploadDir: string;
  platform: TradingPlatform;
  notify: Notify;
  mailOut: MailOut;
  /** The terminating user service (services/socket-termination.ts): the password change closes the user's sockets. */
  users: Pick<UserService, 'findById' | 'setPasswordHash'>;
  passwords: Pick<PasswordHasher, 'hash'>;
  /** The partner program's part of the export (partner.json), if any. */
  partnerData?: (userId: number) => Promise<unknown>;
  log?: Log;
}

export function createPrivacyService(deps: PrivacyDeps): PrivacyService {
  const { db, clock, platform, log } = deps;
  const box = secretBox(deps.appKey);
  const exportDir = join(deps.uploadDir, 'exports');
  let dirReady = false;
  const ensureDir = () => {
    if (!dirReady) mkdirSync(exportDir, { recursive: true, mode: 0o700 });
    dirReady = true;
  };
  const now = () => clock().toISOString();
  const documentPath = (storageName: string) => join(deps.uploadDir, storageName);

  type Row = Pick<DataExportsTable, 'status' | 'requested_at' | 'ready_at' | 'expires_at' | 'size' | 'token_sealed'> & { id: number };
  const COLUMNS = ['id', 'status', 'requested_at', 'ready_at', 'expires_at', 'size', 'token_sealed'] as const;

  function toExport(row: Row): DataExport {
    // A ready export past its time reads as expired before the sweep deletes its file.
    const expired = row.status === 'ready' && row.expires_at !== null && row.expires_at <= now();
    const status = expired ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      requested_at: row.requested_at,
      ready_at: row.ready_at,
      expires_at: row.expires_at,
      size: status === 'ready' ? row.size : null,
      download_url: status === 'ready' ? `/api/privacy/exports/${box.open(row.token_sealed)}` : null,
    };
  }

  const latestRow = (userId: number) => db.selectFrom('data_exports').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();

  function nextRequestAt(row: Row | undefined): string | null {
    if (!row) return null;
    const next = new Date(new Date(row.requested_at).getTime() + EXPORT_INTERVAL_MINUTES * 60_000);
    return next > clock() ? next.toISOString() : null;
  }

  async function prepare(id: number, userId: number): Promise<void> {
    ensureDir();
    const storageName = `${randomBytes(16).toString('hex')}.zip`;
    const path = join(exportDir, storageName);
    const size = await writeZip(path, await collectUserData(db, userId, documentPath, deps.partnerData));
    const readyAt = clock();
    const expiresAt = new Date(readyAt.getTime() + EXPORT_TTL_HOURS * 3_600_000).toISOString();
    const done = await db
      .updateTable('data_exports')
      .set({ status: 'ready', storage_name: storageName, size, ready_at: readyAt.toISOString(), expires_at: expiresAt, claimed_until: null })
      .where('id', '=', id)
      .where('status', '=', 'preparing')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      // Another worker finished it first (its claim had lapsed): this copy is not needed.
      await unlink(path).catch(() => {});
      return;
    }
    await deps.notify(userId, 'privacy.export_ready', { export_id: id, expires_at: expiresAt });
  }

  /** Takes the oldest queued export that no worker holds; compare-and-set on the claim, so each is taken once. */
  async function claimNext(): Promise<{ id: number; user_id: number; attempts: number } | null> {
    for (;;) {
      const at = now();
      const candidate = await db
        .selectFrom('data_exports')
        .select(['id', 'user_id', 'attempts', 'claimed_until'])
        .where('status', '=', 'preparing')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .orderBy('id')
        .executeTakeFirst();
      if (!candidate) return null;
      let update = db
        .updateTable('data_exports')
        .set({ claimed_until: new Date(clock().getTime() + CLAIM_MS).toISOString(), attempts: candidate.attempts + 1 })
        .where('id', '=', candidate.id)
        .where('status', '=', 'preparing');
      update = candidate.claimed_until === null ? update.where('claimed_until', 'is', null) : update.where('claimed_until', '=', candidate.claimed_until);
      if (Number((await update.executeTakeFirst()).numUpdatedRows) === 1) return { ...candidate, attempts: candidate.attempts + 1 };
    }
  }

  async function sweepExpired(): Promise<void> {
    const at = now();
    const rows = await db.selectFrom('data_exports').select(['id', 'storage_name']).where('status', '=', 'ready').where('expires_at', '<=', at).execute();
    for (const row of rows) {
      if (row.storage_name) await unlink(join(exportDir, row.storage_name)).catch(() => {});
      await db.updateTable('data_exports').set({ status: 'expired', storage_name: null }).where('id', '=', row.id).where('status', '=', 'ready').execute();
    }
  }

  async function pass(): Promise<void> {
    for (let job = await claimNext(); job; job = await claimNext()) {
      try {
        await prepare(job.id, job.user_id);
      } catch (err) {
        log?.error({ err, exportId: job.id }, 'data export failed');
        // Queued again for the next pass, until it has failed too often.
        await db
          .updateTable('data_exports')
          .set(job.attempts >= MAX_ATTEMPTS ? { status: 'failed', claimed_until: null } : { claimed_until: null })
          .where('id', '=', job.id)
          .where('status', '=', 'preparing')
          .execute();
        if (job.attempts < MAX_ATTEMPTS) break;
      }
    }
    await sweepExpired();
  }

  let chain: Promise<void> = Promise.resolve();
  function drain(): Promise<void> {
    chain = chain.then(pass).catch((err: unknown) => log?.error({ err }, 'data export worker failed'));
    return chain;
  }

  async function closureBlockers(userId: number): Promise<ClosureBlocker[]> {
    const accounts = await db
      .selectFrom('trading_accounts as a')
      .innerJoin('currencies as c', 'c.id', 'a.currency_id')
      .select(['a.id', 'a.number', 'c.code', 'c.precision'])
      .where('a.user_id', '=', userId)
      .where('a.status', '=', 'active')
      .orderBy('a.id')
      .execute();
    const blockers: ClosureBlocker[] = [];
    const states = accounts.length ? await onPlatform(() => platform.states(accounts.map((a) => a.number))) : new Map<string, AccountState>();
    for (const account of accounts) {
      const state = states.get(account.number);
      const money = { currency: account.code, precision: account.precision };
      if (state && (state.balance !== 0 || state.credit !== 0)) blockers.push({ reason: 'balance', account_number: account.number, ...money, amount: state.balance + state.credit });
      const positions = state ? await onPlatform(() => platform.positions(account.number)) : [];
      if (positions.length > 0) blockers.push({ reason: 'positions', account_number: account.number, count: positions.length });
    }
    const pending = await db
      .selectFrom('ledger_entries as l')
      .innerJoin('trading_accounts as a', 'a.id', 'l.account_id')
      .innerJoin('currencies as c', 'c.id', 'l.currency_id')
      .select(['a.number', 'l.reference', 'l.kind', 'l.amount', 'c.code', 'c.precision'])
      .where('l.user_id', '=', userId)
      .where('l.status', '=', 'pending')
      .orderBy('l.id')
      .execute();
    for (const p of pending) {
      blockers.push({ reason: 'pending_request', account_number: p.number, reference: p.reference, kind: p.kind, currency: p.code, precision: p.precision, amount: Math.abs(p.amount) });
    }
    const holds = await db
      .selectFrom('ipo_applications as p')
      .innerJoin('trading_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ipo_offerings as o', 'o.id', 'p.offering_id')
      .innerJoin('currencies as c', 'c.id', 'o.currency_id')
      .select(['a.number', 'o.company', 'p.held', 'c.code', 'c.precision'])
      .where('p.user_id', '=', userId)
      .where('p.held', '>', 0)
      .orderBy('p.id')
      .execute();
    for (const h of holds) blockers.push({ reason: 'ipo_hold', account_number: h.number, company: h.company, currency: h.code, precision: h.precision, amount: h.held });
    // A partner's wallet is money of theirs like a trading account's: it leaves first (docs/adr/0099).
    const partnerWallet = await db
      .selectFrom('partner_wallets as w')
      .innerJoin('partners as p', 'p.id', 'w.partner_id')
      .innerJoin('currencies as c', 'c.id', 'w.currency_id')
      .select(['w.id', 'w.balance', 'c.code', 'c.precision'])
      .where('p.user_id', '=', userId)
      .executeTakeFirst();
    if (partnerWallet) {
      const money = { currency: partnerWallet.code, precision: partnerWallet.precision };
      if (Number(partnerWallet.balance) > 0) blockers.push({ reason: 'partner_wallet', ...money, amount: Number(partnerWallet.balance) });
      const payouts = await db.selectFrom('partner_wallet_entries').select(['reference', 'amount']).where('wallet_id', '=', partnerWallet.id).where('status', '=', 'pending').orderBy('id').execute();
      for (const p of payouts) blockers.push({ reason: 'partner_payout', reference: p.reference, ...money, amount: Math.abs(Number(p.amount)) });
    }
    return blockers;
  }

  async function close(userId: number): Promise<Closure> {
    const blockers = await closureBlockers(userId);
    if (blockers.length > 0) return { outcome: 'blocked', blockers };
    const user = await deps.users.findById(userId);
    if (!user) return { outcome: 'closed' };
    const accounts = await db.selectFrom('trading_accounts').select(['id', 'number']).where('user_id', '=', userId).where('status', '=', 'active').execute();
    // The platform checks again under its own lock: money or a position that arrived since is refused there.
    for (const account of accounts) {
      try {
        await platform.archive(account.number);
      } catch (error) {
        if (error instanceof PlatformError && (error.code === 'has_balance' || error.code === 'has_positions')) return { outcome: 'blocked', blockers: await closureBlockers(userId) };
        throw error;
      }
    }
    // The confirmation goes to the address before anonymisation takes it.
    await deps.mailOut(mails.accountClosed(user, clock()));

    const exports = await db.selectFrom('data_exports').select('storage_name').where('user_id', '=', userId).execute();
    const at = now();
    await db.transaction().execute(async (trx) => {
      if (accounts.length) await trx.updateTable('trading_accounts').set({ status: 'archived', nickname: null, updated_at: at }).where('id', 'in', accounts.map((a) => a.id)).execute();
      await trx
        .updateTable('users')
        .set({ first_name: 'Closed', second_name: 'account', email: `closed-${userId}@closed.invalid`, pending_email: null, last_seen_at: null, closed_at: at, updated_at: at })
        .where('id', '=', userId)
        .execute();
      // Sessions end; the devices and addresses they were used from go with them.
      await trx.updateTable('personal_access_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      await trx.updateTable('personal_access_tokens').set({ ip: null, user_agent: null }).where('user_id', '=', userId).execute();
      // Every other way back in, and what only served the person's convenience.
      for (const table of [
        'oauth_identities',
        'totp_credentials',
        'recovery_codes',
        'passkeys',
        'trusted_devices',
        'auth_challenges',
        'password_reset_tokens',
        'notifications',
        'notification_preferences',
        'calendar_settings',
        'presence_members',
        'idempotency_keys',
        'data_exports',
        // The security feed holds addresses and browsers; an agent's alert setting served only them.
        'security_events',
        'agent_alerts',
      ] as const) {
        await trx.deleteFrom(table).where('user_id', '=', userId).execute();
      }
    });
    for (const e of exports) if (e.storage_name) await unlink(join(exportDir, e.storage_name)).catch(() => {});
    // No one knows this password; setting it closes the user's realtime connections (socket-termination.ts).
    await deps.users.setPasswordHash(userId, await deps.passwords.hash(randomBytes(32).toString('base64url')));
    return { outcome: 'closed' };
  }

  return {
    async requestExport(userId) {
      const token = randomBytes(32).toString('base64url');
      // The user's row is locked while the last export is checked: two requests sent together queue up, one wins.
      const result = await db.transaction().execute(async (trx): Promise<ExportRequest> => {
        await forUpdate(db, trx.selectFrom('users').select('id').where('id', '=', userId)).executeTakeFirst();
        const last = await trx.selectFrom('data_exports').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
        if (last && last.status === 'preparing') return { outcome: 'busy' };
        const next = nextRequestAt(last);
        if (next) return { outcome: 'too-soon', retryAfterSeconds: Math.max(1, Math.ceil((new Date(next).getTime() - clock().getTime()) / 1000)) };
        const row = await trx
          .insertInto('data_exports')
          .values({ user_id: userId, status: 'preparing', token_hash: hashToken(token), token_sealed: box.seal(token), storage_name: null, size: null, claimed_until: null, requested_at: now(), ready_at: null, expires_at: null })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        return { outcome: 'created', export: toExport(row) };
      });
      // Prepared off the request: the answer goes now, the worker picks the row up.
      if (result.outcome === 'created') void drain();
      return result;
    },

    async status(userId) {
      const row = await latestRow(userId);
      return { export: row ? toExport(row) : null, next_request_at: row?.status === 'preparing' ? null : nextRequestAt(row) };
    },

    async download(userId, token) {
      const row = await db
        .selectFrom('data_exports')
        .select(['id', 'status', 'storage_name', 'size', 'expires_at', 'ready_at'])
        .where('token_hash', '=', hashToken(token))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return { outcome: 'not-found' };
      if (row.status === 'expired' || (row.status === 'ready' && row.expires_at !== null && row.expires_at <= now())) return { outcome: 'expired' };
      if (row.status !== 'ready' || !row.storage_name) return { outcome: 'not-ready' };
      const day = (row.ready_at ?? now()).slice(0, 10);
      return { outcome: 'ready', path: join(exportDir, row.storage_name), size: row.size ?? 0, fileName: `traderoom-data-${day}.zip` };
    },

    drain,

    async requeue() {
      if (dialectOf(db) !== 'sqlite') return 0;
      const result = await db.updateTable('data_exports').set({ claimed_until: null }).where('status', '=', 'preparing').where('claimed_until', 'is not', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    closureBlockers,
    close,
  };
}

/** The worker's clock: a pass at start (exports a restart left queued) and every few seconds. */
export function scheduleDataExports(privacy: Pick<PrivacyService, 'drain' | 'requeue'>, log?: Log, everyMs = 5_000): () => void {
  void privacy
    .requeue()
    .then(() => privacy.drain())
    .catch((err: unknown) => log?.error({ err }, 'data exports not requeued'));
  const timer = setInterval(() => void privacy.drain(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
