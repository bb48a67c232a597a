import { randomInt } from 'node:crypto';
import { MAX_OPERATION_MAJOR, parseAmount } from '../../contract/money.ts';
import { toId, type LedgerEntry, type LedgerKind, type LedgerStatus, type TransferResult, type WalletRequest } from '../../contract/trading.ts';
import type { TransferBody, WalletRequestBody } from '../../contract/trading.schema.ts';
import type { Db } from '../db/schema.ts';
import { ledgerBalances, recomputeBalance } from './balances.ts';
import type { Clock } from './clock.ts';
import { type Answer, fingerprint, once } from './idempotency.ts';
import { entryQuery, toEntryBody } from './ledger-history.ts';
import { RuleError, type RuleFailure } from './rule-error.ts';
import { accountQuery, type AccountRow } from './trading-accounts.ts';
import { forUpdate } from './transactions.ts';

export type WalletOperation = 'deposit' | 'withdrawal';

/**
 * Money moves once per `Idempotency-Key`: each operation runs in one transaction with the claim of
 * its key (idempotency.ts), and a repeat with the same key and body answers the first result again.
 */
export interface WalletService {
  /** Demo accounts: completed at once. Live accounts: pending until staff decide. */
  request(userId: number, operation: WalletOperation, body: WalletRequestBody, key: string): Promise<Answer<LedgerEntry>>;
  transfer(userId: number, body: TransferBody, key: string): Promise<Answer<TransferResult>>;
  /** Staff approve or reject a pending deposit or withdrawal. */
  decide(staffId: number, entryId: number, decision: 'approve' | 'reject'): Promise<WalletRequest | null>;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PREFIX: Record<LedgerKind, string> = { deposit: 'DEP', withdrawal: 'WDR', transfer_in: 'TRF', transfer_out: 'TRF', adjustment: 'ADJ' };

/** `DEP-7K2M9QX4PA`: what a client quotes to support; random, so it reveals no volumes. */
export function newReference(kind: LedgerKind): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${PREFIX[kind]}-${code}`;
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

export function createWalletService({ db, clock }: { db: Db; clock: Clock }): WalletService {
  async function entryBody(trx: Db, id: number): Promise<LedgerEntry> {
    return toEntryBody(await entryQuery(trx).where('e.id', '=', id).executeTakeFirstOrThrow());
  }

  const walletService = {
    async request(trx: Db, userId: number, operation: WalletOperation, input: { accountId: number | null; amount: unknown }): Promise<LedgerEntry> {
      const accounts = await lockOwnAccounts(trx, userId, input.accountId === null ? [] : [input.accountId]);
      const account = input.accountId === null ? undefined : accounts.get(input.accountId);
      const failures: RuleFailure[] = [];
      if (!account) failures.push({ field: 'account_id', rule: 'exists' });
      else if (account.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
      const amount = amountFailure('amount', input.amount, account?.currency_precision ?? 2, account?.currency_code ?? 'USD');
      if ('rule' in amount) failures.push(amount);
      if (failures.length > 0 || !account || 'rule' in amount) throw new RuleError(failures);

      const now = clock().toISOString();
      if (operation === 'withdrawal') {
        const { balance, held } = await ledgerBalances(trx, account.id);
        const available = balance - held;
        if (amount.minor > available) {
          throw new RuleError([
            { field: 'amount', rule: 'insufficient_funds', money: { minor: available, currency: account.currency_code, precision: account.currency_precision } },
          ]);
        }
      }
      // Virtual money moves at once; real money waits for staff.
      const status: LedgerStatus = account.type === 'demo' ? 'completed' : 'pending';
      const { id } = await trx
        .insertInto('ledger_entries')
        .values({
          user_id: userId,
          account_id: account.id,
          kind: operation,
          amount: operation === 'deposit' ? amount.minor : -amount.minor,
          currency_id: account.currency_id,
          status,
          reference: newReference(operation),
          counterparty_account_id: null,
          created_at: now,
          decided_at: status === 'completed' ? now : null,
          decided_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === 'completed') await recomputeBalance(trx, account.id, now);
      return entryBody(trx, id);
    },

    async transfer(trx: Db, userId: number, input: { fromId: number | null; toId: number | null; amount: unknown }): Promise<TransferResult> {
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

      const { balance, held } = await ledgerBalances(trx, from.id);
      if (amount.minor > balance - held) {
        throw new RuleError([
          { field: 'amount', rule: 'insufficient_funds', money: { minor: balance - held, currency: from.currency_code, precision: from.currency_precision } },
        ]);
      }

      const now = clock().toISOString();
      const reference = newReference('transfer_out');
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
      await recomputeBalance(trx, from.id, now);
      await recomputeBalance(trx, to.id, now);
      return { reference, from: await entryBody(trx, out.id), to: await entryBody(trx, into.id) };
    },

    async decide(staffId: number, entryId: number, decision: 'approve' | 'reject'): Promise<WalletRequest | null> {
      return db.transaction().execute(async (trx) => {
        const entry = await forUpdate(
          trx,
          trx.selectFrom('ledger_entries').select(['id', 'account_id', 'amount', 'status', 'kind']).where('id', '=', entryId).where('kind', 'in', ['deposit', 'withdrawal']),
        ).executeTakeFirst();
        if (!entry) return null;
        if (entry.status !== 'pending') throw new RuleError([{ field: 'status', rule: 'decided' }]);
        await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', entry.account_id)).executeTakeFirstOrThrow();
        const now = clock().toISOString();
        const status: LedgerStatus = decision === 'approve' ? 'completed' : 'rejected';
        await trx.updateTable('ledger_entries').set({ status, decided_at: now, decided_by: staffId }).where('id', '=', entry.id).execute();
        // A withdrawal's funds were held since the request, so approving it cannot overdraw;
        // the balance check on the table would stop it regardless.
        await recomputeBalance(trx, entry.account_id, now);
        const row = await entryQuery(trx).where('e.id', '=', entry.id).executeTakeFirstOrThrow();
        return toWalletRequest(trx, row);
      });
    },
  };
  const { request, transfer, decide } = walletService;

  return {
    request: (userId, operation, body, key) =>
      once(db, clock, { userId, key, fingerprint: fingerprint(operation, [body.account_id, body.amount]) }, async (trx) => ({
        status: 201,
        body: await request(trx, userId, operation, { accountId: toId(body.account_id), amount: body.amount }),
      })),
    transfer: (userId, body, key) =>
      once(db, clock, { userId, key, fingerprint: fingerprint('transfer', [body.from_account_id, body.to_account_id, body.amount]) }, async (trx) => ({
        status: 201,
        body: await transfer(trx, userId, { fromId: toId(body.from_account_id), toId: toId(body.to_account_id), amount: body.amount }),
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

