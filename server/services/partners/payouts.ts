import { MAX_OPERATION_MAJOR, parseAmount } from '../../../contract/money.ts';
import type { PartnerPayout, PayoutStatus } from '../../../contract/partners.ts';
import type { PartnerPayoutBody } from '../../../contract/partners.schema.ts';
import type { Db } from '../../db/schema.ts';
import { PlatformError, type TradingPlatform } from '../../platform/port.ts';
import { recomputeBalance } from '../balances.ts';
import type { Clock } from '../clock.ts';
import { type Answer, fingerprint, onceAround } from '../idempotency.ts';
import { enabledMethods } from '../payment-methods.ts';
import { translatePlatformError } from '../platform-errors.ts';
import { referenceFor } from '../references.ts';
import { fail, RuleError, type RuleFailure } from '../rule-error.ts';
import { PartnerRefused } from './errors.ts';
import { NotFoundError } from '../service-errors.ts';
import { accountQuery } from '../trading-accounts.ts';
import { forUpdate } from '../transactions.ts';
import { lockWallet, recomputeWallet, type WalletRow } from './wallet.ts';

/**
 * Payouts from the partner wallet, through the wallet's rules (docs/adr/0080, 0095): once per
 * `Idempotency-Key`, never below zero (checked under the wallet's lock, the column's check behind it).
 * - A withdrawal is a pending debit staff settle (approve: paid out; reject: the money is back).
 * - A transfer credits one of the partner's trading accounts: the wallet's debit and the account's
 *   ledger entry (`adjustment`, in flight) are written together; the balance deal is booked on the
 *   platform after the commit, and the periodic sweep (wallet.ts settleInFlight) books what a stop
 *   left in flight. A platform's refusal for good gives the money back to the wallet.
 */

export interface PayoutService {
  request(userId: number, partnerId: number, body: PartnerPayoutBody, key: string): Promise<Answer<PartnerPayout>>;
  list(partnerId: number): Promise<PartnerPayout[]>;
  /** Staff: partner withdrawals, pending first. */
  staffList(status?: PayoutStatus): Promise<(PartnerPayout & { partner: { id: number; name: string; email: string } })[]>;
  /** Staff settle a pending withdrawal; 409 (PartnerRefused `decided`) when it is not pending any more. */
  decide(staffId: number, id: number, decision: { type: 'approve' } | { type: 'reject'; reason: string }): Promise<PartnerPayout>;
}

const payoutQuery = (db: Db) =>
  db
    .selectFrom('partner_wallet_entries as e')
    .innerJoin('partner_wallets as w', 'w.id', 'e.wallet_id')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .leftJoin('trading_accounts as a', 'a.id', 'e.account_id')
    .leftJoin('ledger_entries as l', 'l.id', 'e.ledger_entry_id')
    .select(['e.id', 'e.kind', 'e.status', 'e.amount', 'e.reference', 'e.account_id', 'a.number as account_number', 'e.reason', 'e.created_at', 'e.decided_at', 'c.code', 'c.precision', 'w.partner_id', 'l.status as ledger_status'])
    .where('e.kind', 'in', ['withdrawal', 'transfer']);

type PayoutRow = Awaited<ReturnType<ReturnType<typeof payoutQuery>['executeTakeFirstOrThrow']>>;

function toPayout(row: PayoutRow): PartnerPayout {
  // A transfer is completed once its deal is booked; in flight it reads pending.
  const status = row.kind === 'transfer' && row.status === 'completed' && row.ledger_status === 'pending' ? 'pending' : row.status;
  return {
    id: row.id,
    kind: row.kind as PartnerPayout['kind'],
    status,
    amount: -Number(row.amount),
    currency: row.code,
    precision: row.precision,
    reference: row.reference,
    account: row.account_id !== null && row.account_number !== null ? { id: row.account_id, number: row.account_number } : null,
    reason: row.reason,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}

function amountOf(input: unknown, wallet: WalletRow): number {
  const parsed = parseAmount(input, wallet.currency_precision);
  if (parsed.ok) return parsed.minor;
  switch (parsed.problem) {
    case 'numeric':
      return fail('amount', 'numeric');
    case 'gt':
      return fail('amount', 'gt');
    case 'decimal':
      return fail('amount', 'decimal', { limit: wallet.currency_precision });
    case 'max':
      return fail('amount', 'max_amount', { money: { minor: MAX_OPERATION_MAJOR * 10 ** wallet.currency_precision, currency: wallet.currency_code, precision: wallet.currency_precision } });
  }
}

export function createPayoutService({ db, clock, platform }: { db: Db; clock: Clock; platform: TradingPlatform }): PayoutService {
  const read = async (id: number) => toPayout(await payoutQuery(db).where('e.id', '=', id).executeTakeFirstOrThrow());

  /** Writes the payout (and a transfer's in-flight ledger entry); answers their ids. Nothing is written on a refusal. */
  async function write(userId: number, partnerId: number, body: PartnerPayoutBody, key: string): Promise<{ id: number; ledgerId: number | null }> {
    return db.transaction().execute(async (trx) => {
      const wallet = await lockWallet(trx, partnerId);
      const failures: RuleFailure[] = [];
      const amount = amountOf(body.amount, wallet);
      const now = clock().toISOString();
      let account: Awaited<ReturnType<ReturnType<typeof accountQuery>['executeTakeFirst']>>;
      let method: number | null = null;
      if (body.kind === 'transfer') {
        if (body.account_id === undefined) failures.push({ field: 'account_id', rule: 'required' });
        else {
          await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', body.account_id).where('user_id', '=', userId)).executeTakeFirst();
          account = await accountQuery(trx).where('a.id', '=', body.account_id).where('a.user_id', '=', userId).executeTakeFirst();
          if (!account || account.type !== 'live') failures.push({ field: 'account_id', rule: 'exists' });
          else if (account.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
          else if (account.currency_id !== wallet.currency_id) failures.push({ field: 'account_id', rule: 'same_currency' });
        }
      } else {
        const methods = await enabledMethods(trx, wallet.currency_code, 'withdrawal');
        if (methods.length > 0) {
          const chosen = methods.find((m) => m.id === body.payment_method_id);
          if (body.payment_method_id === undefined) failures.push({ field: 'payment_method_id', rule: 'required' });
          else if (!chosen) failures.push({ field: 'payment_method_id', rule: 'exists' });
          else if (amount < chosen.min_amount) failures.push({ field: 'amount', rule: 'min_amount', money: { minor: chosen.min_amount, currency: wallet.currency_code, precision: wallet.currency_precision } });
          method = chosen?.id ?? null;
        }
      }
      if (amount > wallet.balance) failures.push({ field: 'amount', rule: 'insufficient_funds', money: { minor: wallet.balance, currency: wallet.currency_code, precision: wallet.currency_precision } });
      if (failures.length > 0) throw new RuleError(failures);
      let ledgerId: number | null = null;
      const reference = referenceFor(body.kind === 'transfer' ? 'adjustment' : 'withdrawal', userId, `partner:${key}`);
      if (body.kind === 'transfer' && account) {
        ({ id: ledgerId } = await trx
          .insertInto('ledger_entries')
          .values({
            user_id: userId,
            account_id: account.id,
            kind: 'adjustment',
            amount,
            currency_id: wallet.currency_id,
            status: 'pending',
            reference,
            counterparty_account_id: null,
            created_at: now,
            // In flight: the sweep books it if this process stops before the deal.
            decided_at: now,
            decided_by: null,
            platform_ticket: null,
            payment_method_id: null,
            state: null,
            reason: null,
            expected_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      const { id } = await trx
        .insertInto('partner_wallet_entries')
        .values({
          wallet_id: wallet.id,
          kind: body.kind,
          amount: -amount,
          status: body.kind === 'transfer' ? 'completed' : 'pending',
          reference: `P${reference}`,
          reward_id: null,
          ledger_entry_id: ledgerId,
          account_id: account?.id ?? null,
          payment_method_id: method,
          reason: null,
          decided_at: body.kind === 'transfer' ? now : null,
          decided_by: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recomputeWallet(trx, wallet.id, now);
      return { id, ledgerId };
    });
  }

  async function book(payoutId: number, ledgerId: number): Promise<void> {
    const entry = await db
      .selectFrom('ledger_entries as l')
      .innerJoin('trading_accounts as a', 'a.id', 'l.account_id')
      .select(['l.id', 'l.amount', 'l.reference', 'l.account_id', 'a.number'])
      .where('l.id', '=', ledgerId)
      .executeTakeFirstOrThrow();
    try {
      const { ticket } = await platform.balance({ login: entry.number, kind: 'adjustment', amount: Number(entry.amount), reference: entry.reference });
      const state = await platform.state(entry.number).catch(() => null);
      await db.transaction().execute(async (trx) => {
        await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', entry.account_id)).executeTakeFirstOrThrow();
        await trx.updateTable('ledger_entries').set({ status: 'completed', platform_ticket: ticket }).where('id', '=', entry.id).where('status', '=', 'pending').execute();
        await recomputeBalance(trx, entry.account_id, clock().toISOString(), state);
      });
    } catch (error) {
      // Unreachable: it stays in flight for the sweep. Refused for good: the money goes back to the wallet.
      if (!(error instanceof PlatformError) || error.code === 'unavailable') return;
      await db.transaction().execute(async (trx) => {
        const payout = await trx.selectFrom('partner_wallet_entries').select('wallet_id').where('id', '=', payoutId).executeTakeFirstOrThrow();
        await trx.updateTable('partner_wallet_entries').set({ status: 'rejected', reason: error.code }).where('id', '=', payoutId).execute();
        await trx.deleteFrom('ledger_entries').where('id', '=', entry.id).where('status', '=', 'pending').execute();
        await trx.updateTable('partner_wallet_entries').set({ ledger_entry_id: null }).where('id', '=', payoutId).execute();
        await recomputeWallet(trx, payout.wallet_id, clock().toISOString());
      });
      throw translatePlatformError(error);
    }
  }

  return {
    async request(userId, partnerId, body, key) {
      return onceAround(db, clock, { userId, key, fingerprint: fingerprint('partner-payout', body) }, async () => {
        const { id, ledgerId } = await write(userId, partnerId, body, key);
        if (ledgerId !== null) await book(id, ledgerId);
        return { status: 201, body: await read(id) };
      });
    },

    async list(partnerId) {
      const rows = await payoutQuery(db).where('w.partner_id', '=', partnerId).orderBy('e.id', 'desc').limit(200).execute();
      return rows.map(toPayout);
    },

    async staffList(status) {
      let query = payoutQuery(db)
        .innerJoin('partners as p', 'p.id', 'w.partner_id')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['u.first_name', 'u.second_name', 'u.email'])
        .where('e.kind', '=', 'withdrawal')
        .orderBy('e.id', 'desc')
        .limit(200);
      if (status) query = query.where('e.status', '=', status);
      const rows = await query.execute();
      return rows.map((row) => ({ ...toPayout(row), partner: { id: row.partner_id, name: `${row.first_name} ${row.second_name}`.trim(), email: row.email } }));
    },

    async decide(staffId, id, decision) {
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('partner_wallet_entries').select(['wallet_id', 'status']).where('id', '=', id).where('kind', '=', 'withdrawal').executeTakeFirst();
        if (!row) throw new NotFoundError('payout');
        const wallet = await trx.selectFrom('partner_wallets').select('partner_id').where('id', '=', row.wallet_id).executeTakeFirstOrThrow();
        await lockWallet(trx, wallet.partner_id);
        const written = await trx
          .updateTable('partner_wallet_entries')
          .set({ status: decision.type === 'approve' ? 'completed' : 'rejected', reason: decision.type === 'reject' ? decision.reason.trim() : null, decided_at: now, decided_by: staffId })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(written.numUpdatedRows) === 0) throw new PartnerRefused('decided');
        await recomputeWallet(trx, row.wallet_id, now);
      });
      return read(id);
    },
  };
}
