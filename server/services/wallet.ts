import { sql } from 'kysely';
import { MAX_OPERATION_MAJOR, parseAmount } from '../../contract/money.ts';
import { paymentFee, type PaymentMethod } from '../../contract/payments.ts';
import { toId, type LedgerEntry, type LedgerKind, type LedgerStatus, type TransferResult, type WalletRequest } from '../../contract/trading.ts';
import type { TransferBody, WalletRequestBody } from '../../contract/trading.schema.ts';
import type { Db } from '../db/schema.ts';
import type { TradingPlatform } from '../platform/port.ts';
import { ledgerBalances, recomputeBalance, withdrawable } from './balances.ts';
import type { Clock } from './clock.ts';
import { type Answer, fingerprint, once } from './idempotency.ts';
import { entryQuery, toEntryBody } from './ledger-history.ts';
import type { PaymentMethodService } from './payment-methods.ts';
import { onPlatform } from './platform-errors.ts';
import { referenceFor } from './references.ts';
import { RuleError, type MoneyValue, type RuleFailure } from './rule-error.ts';
import { accountQuery, type AccountRow } from './trading-accounts.ts';
import { forUpdate } from './transactions.ts';
import { usdValue } from './usd-value.ts';

export { newReference } from './references.ts';

export type WalletOperation = 'deposit' | 'withdrawal';

/**
 * Money moves once per `Idempotency-Key`: each operation runs in one transaction with the claim of
 * its key (idempotency.ts), and a repeat with the same key and body answers the first result again.
 *
 * A completed entry is a balance deal on the trading platform, booked inside the same transaction
 * before it commits, and the entry keeps the deal's ticket. If the platform refuses or cannot be
 * reached, the transaction rolls back: no completed entry without a deal. If the commit fails
 * after the platform booked the deal, the retry (same key, so the same reference: references.ts)
 * gets the same deal back from the platform, which books one deal per reference; until then the
 * reconciliation shows the deal as drift.
 */
export interface WalletService {
  /** Demo accounts: completed at once. Live accounts: pending until staff decide. */
  request(userId: number, operation: WalletOperation, body: WalletRequestBody, key: string): Promise<Answer<LedgerEntry>>;
  transfer(userId: number, body: TransferBody, key: string): Promise<Answer<TransferResult>>;
  /** Staff approve or reject a pending deposit or withdrawal. */
  decide(staffId: number, entryId: number, decision: 'approve' | 'reject'): Promise<WalletRequest | null>;
}

export interface WalletDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  paymentMethods: PaymentMethodService;
  /** Whether the client's identity verification is approved (verification.ts). */
  isVerified(userId: number): Promise<boolean>;
  /** Live deposits a client may make before verification, in US dollars (0: none). */
  verificationDepositThreshold: number;
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

export function createWalletService({ db, clock, platform, paymentMethods, isVerified, verificationDepositThreshold }: WalletDeps): WalletService {
  async function entryBody(trx: Db, id: number): Promise<LedgerEntry> {
    return toEntryBody(await entryQuery(trx).where('e.id', '=', id).executeTakeFirstOrThrow());
  }

  /**
   * The method a live deposit or withdrawal goes through: required when the currency has one for
   * the direction (demo money needs none). Failures are added to `failures`.
   */
  async function methodOf(account: AccountRow, operation: WalletOperation, given: unknown, failures: RuleFailure[]): Promise<PaymentMethod | null> {
    if (account.type === 'demo') return null;
    const methods = await paymentMethods.enabled(account.currency_code, operation);
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
  async function checkVerification(trx: Db, userId: number, account: AccountRow, operation: WalletOperation, minor: number): Promise<void> {
    if (account.type !== 'live' || (await isVerified(userId))) return;
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
      const quotes = await onPlatform(() => platform.quotes());
      const before = totals.reduce((sum, row) => sum + usdValue(Number(row.total), row.code, row.precision, quotes), 0);
      refused = before + usdValue(minor, account.currency_code, account.currency_precision, quotes) > verificationDepositThreshold;
    }
    if (refused) throw new RuleError([{ field: 'verification', rule: 'verification_required' }]);
  }

  /** What may leave the account now, from the platform; pending withdrawals are held. */
  async function available(trx: Db, account: AccountRow): Promise<number> {
    const [state, { held }] = await Promise.all([onPlatform(() => platform.state(account.number)), ledgerBalances(trx, account.id)]);
    return withdrawable(state, held);
  }

  /** The balance deal of a completed entry; the entry keeps its ticket and the account row the platform's figures. */
  async function book(trx: Db, account: AccountRow, entry: { id: number; kind: LedgerKind; amount: number; reference: string }, now: string): Promise<void> {
    const { ticket } = await onPlatform(
      () => platform.balance({ login: account.number, kind: entry.kind, amount: entry.amount, reference: entry.reference }),
      // A debit the platform refuses: the client traded the free margin away since the check (or since the request, for staff).
      { no_money: (error) => ({ field: 'amount', rule: 'insufficient_funds', money: moneyOf(account, Math.max(0, error.detail.free_margin ?? 0)) }) },
    );
    await trx.updateTable('ledger_entries').set({ platform_ticket: ticket }).where('id', '=', entry.id).execute();
    const state = await onPlatform(() => platform.state(account.number));
    await recomputeBalance(trx, account.id, now, state);
  }

  async function request(
    trx: Db,
    userId: number,
    operation: WalletOperation,
    input: { accountId: number | null; amount: unknown; method: unknown; reference: string },
  ): Promise<LedgerEntry> {
    const accounts = await lockOwnAccounts(trx, userId, input.accountId === null ? [] : [input.accountId]);
    const account = input.accountId === null ? undefined : accounts.get(input.accountId);
    const failures: RuleFailure[] = [];
    if (!account) failures.push({ field: 'account_id', rule: 'exists' });
    else if (account.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
    const amount = amountFailure('amount', input.amount, account?.currency_precision ?? 2, account?.currency_code ?? 'USD');
    if ('rule' in amount) failures.push(amount);
    const method = account && account.status === 'active' ? await methodOf(account, operation, input.method, failures) : null;
    if (method && !('rule' in amount)) {
      const limit = limitFailure(account!, method, amount.minor);
      if (limit) failures.push(limit);
    }
    if (failures.length > 0 || !account || 'rule' in amount) throw new RuleError(failures);

    await checkVerification(trx, userId, account, operation, amount.minor);
    if (operation === 'withdrawal') {
      const free = await available(trx, account);
      if (amount.minor > free) throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: moneyOf(account, free) }]);
    }

    const now = clock().toISOString();
    // Virtual money moves at once; real money waits for staff.
    const status: LedgerStatus = account.type === 'demo' ? 'completed' : 'pending';
    const signed = operation === 'deposit' ? amount.minor : -amount.minor;
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({
        user_id: userId,
        account_id: account.id,
        kind: operation,
        amount: signed,
        currency_id: account.currency_id,
        status,
        reference: input.reference,
        counterparty_account_id: null,
        created_at: now,
        decided_at: status === 'completed' ? now : null,
        decided_by: null,
        payment_method_id: method?.id ?? null,
        fee: method ? paymentFee(method, amount.minor) : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 'completed') await book(trx, account, { id, kind: operation, amount: signed, reference: input.reference }, now);
    return entryBody(trx, id);
  }

  async function transfer(trx: Db, userId: number, input: { fromId: number | null; toId: number | null; amount: unknown; reference: string }): Promise<TransferResult> {
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

    const free = await available(trx, from);
    if (amount.minor > free) throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: moneyOf(from, free) }]);

    const now = clock().toISOString();
    const reference = input.reference;
    const base = { user_id: userId, currency_id: from.currency_id, status: 'completed' as const, reference, created_at: now, decided_at: now, decided_by: null };
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
    // The debit first: if the platform refuses it, nothing moved anywhere. If the credit then
    // fails, the debit stays on the platform until the retry books the credit (same reference).
    await book(trx, from, { id: out.id, kind: 'transfer_out', amount: -amount.minor, reference }, now);
    await book(trx, to, { id: into.id, kind: 'transfer_in', amount: amount.minor, reference }, now);
    return { reference, from: await entryBody(trx, out.id), to: await entryBody(trx, into.id) };
  }

  async function decide(staffId: number, entryId: number, decision: 'approve' | 'reject'): Promise<WalletRequest | null> {
    return db.transaction().execute(async (trx) => {
      const entry = await forUpdate(
        trx,
        trx.selectFrom('ledger_entries').select(['id', 'account_id', 'amount', 'status', 'kind', 'reference']).where('id', '=', entryId).where('kind', 'in', ['deposit', 'withdrawal']),
      ).executeTakeFirst();
      if (!entry) return null;
      if (entry.status !== 'pending') throw new RuleError([{ field: 'status', rule: 'decided' }]);
      await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', entry.account_id)).executeTakeFirstOrThrow();
      const account = await accountQuery(trx).where('a.id', '=', entry.account_id).executeTakeFirstOrThrow();
      const now = clock().toISOString();
      const status: LedgerStatus = decision === 'approve' ? 'completed' : 'rejected';
      await trx.updateTable('ledger_entries').set({ status, decided_at: now, decided_by: staffId }).where('id', '=', entry.id).execute();
      // Approving books the deal; the platform refuses a withdrawal the client has since traded away.
      if (status === 'completed') await book(trx, account, { id: entry.id, kind: entry.kind, amount: Number(entry.amount), reference: entry.reference }, now);
      const row = await entryQuery(trx).where('e.id', '=', entry.id).executeTakeFirstOrThrow();
      return toWalletRequest(trx, row);
    });
  }

  return {
    request: (userId, operation, body, key) =>
      once(
        db,
        clock,
        { userId, key, fingerprint: fingerprint(operation, [body.account_id, body.amount, ...(body.payment_method_id === undefined ? [] : [body.payment_method_id])]) },
        async (trx) => ({
          status: 201,
          body: await request(trx, userId, operation, {
            accountId: toId(body.account_id),
            amount: body.amount,
            method: body.payment_method_id,
            reference: referenceFor(operation, userId, key),
          }),
        }),
      ),
    transfer: (userId, body, key) =>
      once(db, clock, { userId, key, fingerprint: fingerprint('transfer', [body.from_account_id, body.to_account_id, body.amount]) }, async (trx) => ({
        status: 201,
        body: await transfer(trx, userId, {
          fromId: toId(body.from_account_id),
          toId: toId(body.to_account_id),
          amount: body.amount,
          reference: referenceFor('transfer_out', userId, key),
        }),
      })),
    decide,
  };
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
