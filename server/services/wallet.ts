import { sql } from 'kysely';
import { MAX_OPERATION_MAJOR, parseAmount } from '../../contract/money.ts';
import { paymentFee, type PaymentMethod } from '../../contract/payments.ts';
import { toId, type LedgerEntry, type LedgerKind, type LedgerStatus, type TransferResult, type WalletRequest } from '../../contract/trading.ts';
import type { TransferBody, WalletRequestBody } from '../../contract/trading.schema.ts';
import type { Db } from '../db/schema.ts';
import type { AccountState, Quote } from '../../contract/platform.ts';
import type { Timeline } from '../../contract/lifecycle.ts';
import { PlatformError, type TradingPlatform } from '../platform/port.ts';
import { heldSince, ledgerMark, recomputeBalance, withdrawable, type LedgerMark } from './balances.ts';
import type { Clock } from './clock.ts';
import { type Answer, fingerprint, onceAround } from './idempotency.ts';
import { entryQuery, toEntryBody } from './ledger-history.ts';
import { enabledMethods } from './payment-methods.ts';
import { onPlatform, translatePlatformError } from './platform-errors.ts';
import { referenceFor } from './references.ts';
import { RuleError, type MoneyValue, type RuleFailure } from './rule-error.ts';
import { accountQuery, type AccountRow } from './trading-accounts.ts';
import { forUpdate } from './transactions.ts';
import { type LifecycleActor, type LifecycleDefinition, type Lifecycles, TransitionRefused } from './lifecycle.ts';
import { walletRequestMachine } from '../../machines/wallet-request/wallet-request.machine.ts';
import { usdValue } from './usd-value.ts';

export { newReference } from './references.ts';

export type WalletOperation = 'deposit' | 'withdrawal';

/** Deposits and withdrawals: their machine, stored in `ledger_entries.state` (docs/adr/0082). */
export const walletRequestLifecycle = {
  kind: 'wallet_request',
  machine: walletRequestMachine,
  table: 'ledger_entries',
  column: 'state',
} as const satisfies LifecycleDefinition<typeof walletRequestMachine>;

const SYSTEM: LifecycleActor = { id: null, role: 'system' };
const hasLifecycle = (kind: LedgerKind) => kind === 'deposit' || kind === 'withdrawal';

/** A staff decision on a live request: approve, reject with the reason the client reads, or take it into review. */
export type WalletDecision = { type: 'approve' } | { type: 'reject'; reason: string } | { type: 'review'; expectedAt: string | null };

/**
 * Money moves once per `Idempotency-Key` (idempotency.ts, `onceAround`), and a completed entry is
 * a balance deal on the trading platform whose ticket the entry keeps.
 *
 * The platform is another system: its call cannot share our transaction (on SQLite it would wait
 * forever for the one connection our transaction holds, and a real platform is a network away).
 * So an entry that completes at once is first written `pending` and "in flight" (`decided_at` set),
 * which holds a debit's funds like any pending withdrawal; then the deal is booked; then the entry
 * is completed with the ticket. No entry is ever completed without a deal:
 * - the platform refuses (no money, archived): nothing was booked; the entry is removed and the
 *   request answers 422, as if refused by validation;
 * - the platform cannot be reached, or the process stops: the entry stays in flight. Booking it
 *   again is safe because the platform books one deal per reference and the reference is the
 *   same for the same key (references.ts): a retry with the key picks up the entry and books it,
 *   and the periodic sweep (`settleInFlight`) books what no one retried.
 */
export interface WalletService {
  /** Demo accounts: completed at once. Live accounts: pending until staff decide. */
  request(userId: number, operation: WalletOperation, body: WalletRequestBody, key: string, guards?: WalletGuards): Promise<Answer<LedgerEntry>>;
  transfer(userId: number, body: TransferBody, key: string): Promise<Answer<TransferResult>>;
  /**
   * Staff move a live deposit or withdrawal through its lifecycle (machines/wallet-request): null when
   * there is no such request; `TransitionRefused` (409) when its state does not allow the decision now.
   */
  decide(staffId: number, entryId: number, decision: WalletDecision): Promise<WalletRequest | null>;
  /** A deposit's or withdrawal's timeline; `ownerId` limits it to that client's requests (another's reads as missing). */
  timeline(entryId: number, ownerId?: number): Promise<Timeline | null>;
  /** Books the deals of entries in flight for longer than `olderThanMs` (a crash, an unreachable platform). Answers how many completed. */
  settleInFlight(olderThanMs: number): Promise<number>;
}

export interface WalletDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  /** Whether the client's identity verification is approved (verification.ts). */
  isVerified(userId: number): Promise<boolean>;
  /** Live deposits a client may make before verification, in US dollars (0: none). */
  verificationDepositThreshold: number;
  lifecycles: Lifecycles;
  /** Until when live withdrawals are held after a security change (second-factor.ts), or null. */
  withdrawalsHeldUntil?: (userId: number) => Promise<string | null>;
}

/** What the route asks before live money leaves: the second factor proved again (423 otherwise). */
export interface WalletGuards {
  stepUp?: () => Promise<void>;
}

/** The caller's accounts among `ids`, locked for the rest of the transaction (in id order, so two transfers never deadlock). */
async function lockOwnAccounts(trx: Db, userId: number, ids: number[]): Promise<Map<number, AccountRow>> {
  if (ids.length === 0) return new Map();
  const locked = await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', 'in', ids).where('user_id', '=', userId).orderBy('id')).execute();
  if (locked.length === 0) return new Map();
  const rows = await accountQuery(trx).where('a.id', 'in', locked.map((r) => r.id)).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

function amountFailure(field: string, amount: unknown, precision: number, currency: string): RuleFailure | { minor: number } {
  const parsed = parseAmount(amount, precision);
  if (parsed.ok) return { minor: parsed.minor };
  switch (parsed.problem) {
    case 'numeric':
      return { field, rule: 'numeric' };
    case 'gt':
      return { field, rule: 'gt' };
    case 'decimal':
      return { field, rule: 'decimal', limit: precision };
    case 'max':
      return { field, rule: 'max_amount', money: { minor: MAX_OPERATION_MAJOR * 10 ** precision, currency, precision } };
  }
}

const moneyOf = (account: AccountRow, minor: number): MoneyValue => ({ minor, currency: account.currency_code, precision: account.currency_precision });

export function createWalletService({ db, clock, platform, isVerified, verificationDepositThreshold, lifecycles, withdrawalsHeldUntil }: WalletDeps): WalletService {
  async function entryBody(trx: Db, id: number): Promise<LedgerEntry> {
    return toEntryBody(await entryQuery(trx).where('e.id', '=', id).executeTakeFirstOrThrow());
  }

  /**
   * The method a live deposit or withdrawal goes through: required when the currency has one for
   * the direction (demo money needs none). Failures are added to `failures`.
   */
  async function methodOf(trx: Db, account: AccountRow, operation: WalletOperation, given: unknown, failures: RuleFailure[]): Promise<PaymentMethod | null> {
    if (account.type === 'demo') return null;
    const methods = await enabledMethods(trx, account.currency_code, operation);
    if (methods.length === 0) return null;
    if (given === undefined || given === null || given === '') {
      failures.push({ field: 'payment_method_id', rule: 'required' });
      return null;
    }
    const method = methods.find((m) => m.id === toId(given));
    if (!method) failures.push({ field: 'payment_method_id', rule: 'exists' });
    return method ?? null;
  }

  function limitFailure(account: AccountRow, method: PaymentMethod, minor: number): RuleFailure | null {
    if (minor < method.min_amount) return { field: 'amount', rule: 'min_amount', money: moneyOf(account, method.min_amount) };
    if (method.max_amount !== null && minor > method.max_amount) return { field: 'amount', rule: 'max_amount', money: moneyOf(account, method.max_amount) };
    return null;
  }

  /** Live money needs an approved verification: withdrawals always; deposits once the client's live deposits pass the threshold. */
  async function checkVerification(trx: Db, userId: number, account: AccountRow, operation: WalletOperation, minor: number, seen: Seen): Promise<void> {
    if (account.type !== 'live' || seen.verified) return;
    let refused = operation === 'withdrawal' || verificationDepositThreshold === 0;
    if (!refused) {
      // Pending deposits count too: many small requests must not walk past the threshold.
      const totals = await trx
        .selectFrom('ledger_entries as e')
        .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
        .innerJoin('currencies as c', 'c.id', 'e.currency_id')
        .select(['c.code', 'c.precision', sql<string | number>`sum(e.amount)`.as('total')])
        .where('e.user_id', '=', userId)
        .where('a.type', '=', 'live')
        .where('e.kind', '=', 'deposit')
        .where('e.status', 'in', ['completed', 'pending'])
        .groupBy(['c.code', 'c.precision'])
        .execute();
      const before = totals.reduce((sum, row) => sum + usdValue(Number(row.total), row.code, row.precision, seen.quotes), 0);
      refused = before + usdValue(minor, account.currency_code, account.currency_precision, seen.quotes) > verificationDepositThreshold;
    }
    if (refused) throw new RuleError([{ field: 'verification', rule: 'verification_required' }]);
  }

  /**
   * What the checks need from outside the transaction (the platform's state and quotes, the
   * verification), read first: nothing of the platform is called while a transaction is open.
   */
  async function look(userId: number, accountId: number | null, operation: WalletOperation | 'transfer', guards: WalletGuards = {}): Promise<Seen> {
    const account = accountId === null ? undefined : await accountQuery(db).where('a.id', '=', accountId).where('a.user_id', '=', userId).executeTakeFirst();
    if (!account || account.status !== 'active') return { state: null, quotes: [], verified: false, heldUntil: null, mark: null };
    const liveWithdrawal = operation === 'withdrawal' && account.type === 'live';
    const debit = operation !== 'deposit';
    const heldUntil = liveWithdrawal && withdrawalsHeldUntil ? await withdrawalsHeldUntil(userId) : null;
    // Before the state: a debit completed after this point counts as held (balances.ts, heldSince).
    const mark = debit ? await ledgerMark(db, account.id) : null;
    const [state, quotes, verified] = await Promise.all([
      debit ? onPlatform(() => platform.state(account.number)) : null,
      operation === 'deposit' && account.type === 'live' ? onPlatform(() => platform.quotes()) : [],
      account.type === 'live' ? isVerified(userId) : true,
    ]);
    // Asked only of a withdrawal that could go ahead: proving oneself and then being refused for
    // want of verification, or for the hold, would waste the user's code.
    if (liveWithdrawal && verified && !heldUntil) await guards.stepUp?.();
    return { state, quotes, verified, heldUntil, mark };
  }

  /** Entries of an earlier attempt with this reference (same user and key): picked up, not written again. */
  async function earlier(trx: Db, userId: number, reference: string): Promise<InFlight[]> {
    const rows = await trx
      .selectFrom('ledger_entries')
      .select(['id', 'account_id', 'kind', 'amount', 'reference', 'status', 'decided_at'])
      .where('user_id', '=', userId)
      .where('reference', '=', reference)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }

  /**
   * Books an in-flight entry's deal and completes it with the ticket. A refusal of the platform is
   * thrown as it came (the entry untouched, for the caller to remove or reject).
   */
  async function book(entry: InFlight): Promise<void> {
    const account = await accountQuery(db).where('a.id', '=', entry.account_id).executeTakeFirstOrThrow();
    const { ticket } = await platform.balance({ login: account.number, kind: entry.kind, amount: entry.amount, reference: entry.reference });
    const state = await platform.state(account.number).catch(() => null);
    await db.transaction().execute(async (trx) => {
      await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', account.id)).executeTakeFirstOrThrow();
      const completed = { status: 'completed' as const, platform_ticket: ticket };
      if (hasLifecycle(entry.kind)) {
        // Booked twice (a retry and the sweep): the platform booked one deal, and the first completion stands.
        await lifecycles
          .transition(trx, walletRequestLifecycle, { id: entry.id, from: 'approved', event: { type: 'request.complete' }, actor: SYSTEM, set: completed })
          .catch((error: unknown) => {
            if (!(error instanceof TransitionRefused)) throw error;
          });
      } else {
        await trx.updateTable('ledger_entries').set(completed).where('id', '=', entry.id).where('status', '=', 'pending').execute();
      }
      await recomputeBalance(trx, account.id, clock().toISOString(), state);
    });
  }

  const refusedByPlatform = (error: unknown): error is PlatformError => error instanceof PlatformError && error.code !== 'unavailable';

  /** A refused debit names what is left to withdraw; other refusals land where translatePlatformError puts them. */
  async function refusal(error: PlatformError, accountId: number): Promise<unknown> {
    const account = await accountQuery(db).where('a.id', '=', accountId).executeTakeFirstOrThrow();
    return translatePlatformError(error, {
      no_money: (e) => ({ field: 'amount', rule: 'insufficient_funds', money: moneyOf(account, Math.max(0, e.detail.free_margin ?? 0)) }),
      archived: () => ({ field: 'account_id', rule: 'archived' }),
    });
  }

  /** Books entries of one request in order; a refusal before anything was booked removes them all. */
  async function bookAll(entries: InFlight[]): Promise<void> {
    let booked = 0;
    for (const entry of entries) {
      if (entry.status === 'completed') {
        booked++;
        continue;
      }
      try {
        await book(entry);
        booked++;
      } catch (error) {
        // Money already moved on the platform for an earlier leg: the rest stays in flight for the sweep.
        if (booked > 0) return;
        if (refusedByPlatform(error)) {
          const ids = entries.map((e) => e.id);
          await db.transaction().execute(async (trx) => {
            await lifecycles.forget(trx, walletRequestLifecycle.kind, ids);
            await trx.deleteFrom('ledger_entries').where('id', 'in', ids).execute();
          });
          throw await refusal(error, entry.account_id);
        }
        throw translatePlatformError(error);
      }
    }
  }

  async function insertRequest(
    trx: Db,
    userId: number,
    operation: WalletOperation,
    input: { accountId: number | null; amount: unknown; method: unknown; reference: string },
    seen: Seen,
  ): Promise<InFlight[]> {
    const again = await earlier(trx, userId, input.reference);
    if (again.length > 0) return again;
    const accounts = await lockOwnAccounts(trx, userId, input.accountId === null ? [] : [input.accountId]);
    const account = input.accountId === null ? undefined : accounts.get(input.accountId);
    const failures: RuleFailure[] = [];
    if (!account) failures.push({ field: 'account_id', rule: 'exists' });
    else if (account.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
    const amount = amountFailure('amount', input.amount, account?.currency_precision ?? 2, account?.currency_code ?? 'USD');
    if ('rule' in amount) failures.push(amount);
    const method = account && account.status === 'active' ? await methodOf(trx, account, operation, input.method, failures) : null;
    if (method && !('rule' in amount)) {
      const limit = limitFailure(account!, method, amount.minor);
      if (limit) failures.push(limit);
    }
    if (failures.length > 0 || !account || 'rule' in amount) throw new RuleError(failures);

    await checkVerification(trx, userId, account, operation, amount.minor, seen);
    if (seen.heldUntil) throw new RuleError([{ field: 'amount', rule: 'security_cooldown', until: seen.heldUntil }]);
    if (operation === 'withdrawal') {
      const free = seen.state && seen.mark ? withdrawable(seen.state, await heldSince(trx, account.id, seen.mark)) : 0;
      if (amount.minor > free) throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: moneyOf(account, free) }]);
    }

    const now = clock().toISOString();
    const signed = operation === 'deposit' ? amount.minor : -amount.minor;
    // Virtual money moves at once (in flight until booked); real money waits for staff.
    const decidedAt = account.type === 'demo' ? now : null;
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({
        user_id: userId,
        account_id: account.id,
        kind: operation,
        amount: signed,
        currency_id: account.currency_id,
        status: 'pending',
        reference: input.reference,
        counterparty_account_id: null,
        created_at: now,
        decided_at: decidedAt,
        decided_by: null,
        payment_method_id: method?.id ?? null,
        fee: method ? paymentFee(method, amount.minor) : 0,
        state: 'submitted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await lifecycles.record(trx, walletRequestLifecycle, id, { id: userId, role: 'client' }, now);
    if (decidedAt !== null) {
      await lifecycles.transition(trx, walletRequestLifecycle, { id, from: 'submitted', event: { type: 'request.approve' }, actor: SYSTEM });
    }
    return [{ id, account_id: account.id, kind: operation, amount: signed, reference: input.reference, status: 'pending', decided_at: decidedAt }];
  }

  async function insertTransfer(trx: Db, userId: number, input: { fromId: number | null; toId: number | null; amount: unknown; reference: string }, seen: Seen): Promise<InFlight[]> {
    const again = await earlier(trx, userId, input.reference);
    if (again.length > 0) return again;
    const ids = [input.fromId, input.toId].filter((id): id is number => id !== null);
    const accounts = await lockOwnAccounts(trx, userId, [...new Set(ids)]);
    const from = input.fromId === null ? undefined : accounts.get(input.fromId);
    const to = input.toId === null ? undefined : accounts.get(input.toId);
    const failures: RuleFailure[] = [];
    if (!from) failures.push({ field: 'from_account_id', rule: 'exists' });
    else if (from.status !== 'active') failures.push({ field: 'from_account_id', rule: 'archived' });
    // Another client's account reads as unknown: its existence is not disclosed.
    if (!to) failures.push({ field: 'to_account_id', rule: 'exists' });
    else if (to.status !== 'active') failures.push({ field: 'to_account_id', rule: 'archived' });
    else if (from && from.id === to.id) failures.push({ field: 'to_account_id', rule: 'different' });
    else if (from && from.currency_id !== to.currency_id) failures.push({ field: 'to_account_id', rule: 'same_currency' });
    else if (from && from.type !== to.type) failures.push({ field: 'to_account_id', rule: 'same_account_type' });
    const amount = amountFailure('amount', input.amount, from?.currency_precision ?? 2, from?.currency_code ?? 'USD');
    if ('rule' in amount) failures.push(amount);
    if (failures.length > 0 || !from || !to || 'rule' in amount) throw new RuleError(failures);

    const free = seen.state && seen.mark ? withdrawable(seen.state, await heldSince(trx, from.id, seen.mark)) : 0;
    if (amount.minor > free) throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: moneyOf(from, free) }]);

    const now = clock().toISOString();
    const base = { user_id: userId, currency_id: from.currency_id, status: 'pending' as const, reference: input.reference, created_at: now, decided_at: now, decided_by: null };
    const out = await trx
      .insertInto('ledger_entries')
      .values({ ...base, account_id: from.id, kind: 'transfer_out', amount: -amount.minor, counterparty_account_id: to.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const into = await trx
      .insertInto('ledger_entries')
      .values({ ...base, account_id: to.id, kind: 'transfer_in', amount: amount.minor, counterparty_account_id: from.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const leg = { reference: input.reference, status: 'pending' as const, decided_at: now };
    // The debit first: if the platform refuses it, nothing moved anywhere.
    return [
      { ...leg, id: out.id, account_id: from.id, kind: 'transfer_out', amount: -amount.minor },
      { ...leg, id: into.id, account_id: to.id, kind: 'transfer_in', amount: amount.minor },
    ];
  }

  /** Entries in flight are booked; a live request waiting for staff is answered as it is. */
  const inFlight = (entries: InFlight[]) => entries.filter((e) => e.status === 'completed' || e.decided_at !== null);

  return {
    request: (userId, operation, body, key, guards) =>
      onceAround(
        db,
        clock,
        { userId, key, fingerprint: fingerprint(operation, [body.account_id, body.amount, ...(body.payment_method_id === undefined ? [] : [body.payment_method_id])]) },
        async () => {
          const accountId = toId(body.account_id);
          const reference = referenceFor(operation, userId, key);
          const seen = await look(userId, accountId, operation, guards);
          const entries = await db.transaction().execute((trx) =>
            insertRequest(trx, userId, operation, { accountId, amount: body.amount, method: body.payment_method_id, reference }, seen),
          );
          await bookAll(inFlight(entries));
          return { status: 201, body: await entryBody(db, entries[0]!.id) };
        },
      ),

    transfer: (userId, body, key) =>
      onceAround(db, clock, { userId, key, fingerprint: fingerprint('transfer', [body.from_account_id, body.to_account_id, body.amount]) }, async () => {
        const fromId = toId(body.from_account_id);
        const reference = referenceFor('transfer_out', userId, key);
        const seen = await look(userId, fromId, 'transfer');
        const entries = await db.transaction().execute((trx) => insertTransfer(trx, userId, { fromId, toId: toId(body.to_account_id), amount: body.amount, reference }, seen));
        await bookAll(entries);
        const [out, into] = [entries.find((e) => e.kind === 'transfer_out')!, entries.find((e) => e.kind === 'transfer_in')!];
        return { status: 201, body: { reference, from: await entryBody(db, out.id), to: await entryBody(db, into.id) } };
      }),

    async decide(staffId, entryId, decision) {
      const row = await db
        .selectFrom('ledger_entries')
        .select(['id', 'account_id', 'amount', 'status', 'kind', 'reference', 'decided_at', 'state'])
        .where('id', '=', entryId)
        .where('kind', 'in', ['deposit', 'withdrawal'])
        .executeTakeFirst();
      if (!row || row.state === null) return null;
      const staff: LifecycleActor = { id: staffId, role: 'staff' };
      const now = clock().toISOString();
      const request = { id: row.id, from: row.state, actor: staff };
      if (decision.type === 'review') {
        await lifecycles.transition(db, walletRequestLifecycle, {
          ...request,
          event: { type: 'request.review', expected_at: decision.expectedAt },
          set: { expected_at: decision.expectedAt },
        });
      } else if (decision.type === 'reject') {
        await lifecycles.transition(db, walletRequestLifecycle, {
          ...request,
          event: { type: 'request.reject', reason: decision.reason },
          set: { status: 'rejected', decided_at: now, decided_by: staffId, reason: decision.reason, expected_at: null },
        });
      } else {
        // Approving puts the entry in flight; the deal is booked once the decision is stored.
        await lifecycles.transition(db, walletRequestLifecycle, {
          ...request,
          event: { type: 'request.approve' },
          set: { decided_at: now, decided_by: staffId, expected_at: null },
        });
        const entry: InFlight = { ...row, amount: Number(row.amount), decided_at: now, status: 'pending' };
        try {
          await book(entry);
        } catch (error) {
          if (!refusedByPlatform(error)) throw translatePlatformError(error);
          // Refused (the client traded the funds away, or archived the account): back in review.
          await lifecycles.transition(db, walletRequestLifecycle, {
            id: row.id,
            from: 'approved',
            event: { type: 'request.bounce', reason: error.code },
            actor: SYSTEM,
            set: { decided_at: null, decided_by: null },
          });
          throw await refusal(error, entry.account_id);
        }
      }
      return toWalletRequest(db, await entryQuery(db).where('e.id', '=', row.id).executeTakeFirstOrThrow());
    },

    async timeline(entryId, ownerId) {
      let query = db.selectFrom('ledger_entries').select('id').where('id', '=', entryId).where('state', 'is not', null);
      if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
      if (!(await query.executeTakeFirst())) return null;
      return lifecycles.timeline(db, walletRequestLifecycle, entryId);
    },

    async settleInFlight(olderThanMs) {
      const cutoff = new Date(clock().getTime() - olderThanMs).toISOString();
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['id', 'account_id', 'kind', 'amount', 'reference', 'status', 'decided_at'])
        .where('status', '=', 'pending')
        .where('decided_at', 'is not', null)
        .where('decided_at', '<', cutoff)
        .orderBy('id')
        .execute();
      let completed = 0;
      for (const row of rows) {
        try {
          await book({ ...row, amount: Number(row.amount) });
          completed++;
        } catch (error) {
          // Refused for good: the money never moved; the entry says so. Unreachable: next time.
          if (!refusedByPlatform(error)) continue;
          if (hasLifecycle(row.kind)) {
            await lifecycles
              .transition(db, walletRequestLifecycle, {
                id: row.id,
                from: 'approved',
                event: { type: 'request.fail', reason: error.code },
                actor: SYSTEM,
                set: { status: 'rejected', reason: error.code },
              })
              .catch((refused: unknown) => {
                if (!(refused instanceof TransitionRefused)) throw refused;
              });
          } else {
            await db.updateTable('ledger_entries').set({ status: 'rejected' }).where('id', '=', row.id).where('status', '=', 'pending').execute();
          }
        }
      }
      return completed;
    },
  };
}

interface Seen {
  state: AccountState | null;
  /** The ledger just before `state` was read (debits only). */
  mark: LedgerMark | null;
  quotes: Quote[];
  verified: boolean;
  /** A live withdrawal during the cool-down after a security change: until when. */
  heldUntil: string | null;
}

interface InFlight {
  id: number;
  account_id: number;
  kind: LedgerKind;
  amount: number;
  reference: string;
  status: LedgerStatus;
  decided_at: string | null;
}

export async function toWalletRequest(db: Db, row: Parameters<typeof toEntryBody>[0]): Promise<WalletRequest> {
  const owner = await db
    .selectFrom('users')
    .innerJoin('trading_accounts', 'trading_accounts.user_id', 'users.id')
    .select(['users.id', 'users.first_name', 'users.second_name', 'users.email', 'trading_accounts.type'])
    .where('trading_accounts.id', '=', row.account_id)
    .executeTakeFirstOrThrow();
  return {
    ...toEntryBody(row),
    client: { id: owner.id, name: `${owner.first_name} ${owner.second_name}`, email: owner.email },
    account_type: owner.type,
  };
}
