import { randomInt } from 'node:crypto';
import { LEVERAGE_DEFAULT, LEVERAGE_MAX, LEVERAGE_MIN, type AccountStatus, type AccountType, type TradingAccount } from '../../contract/trading.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import { heldByAccount } from './balances.ts';
import type { Clock } from './clock.ts';
import { fail, RuleError, type RuleFailure } from './rule-error.ts';
import { forUpdate } from './transactions.ts';

export interface NewAccount {
  currencyId: number | null;
  type: AccountType;
  leverage: number | null;
}

export interface AccountRow {
  id: number;
  user_id: number;
  number: string;
  type: AccountType;
  leverage: number;
  balance: number;
  equity: number;
  status: AccountStatus;
  created_at: string;
  currency_id: number;
  currency_code: string;
  currency_name: string;
  currency_precision: number;
}

export interface TradingAccountService {
  /** How many accounts one client may hold (MAX_TRADING_ACCOUNTS). */
  readonly maxAccounts: number;
  list(userId: number): Promise<TradingAccount[]>;
  create(userId: number, input: NewAccount): Promise<TradingAccount>;
}

/** Attempts at a fresh random account number before giving up (a clash is one in millions). */
const NUMBER_ATTEMPTS = 5;

/** 8 digits, never starting with 0: reads as a login and does not reveal how many accounts exist. */
export const newAccountNumber = () => String(randomInt(10_000_000, 100_000_000));

export function accountQuery(db: Db) {
  return db
    .selectFrom('trading_accounts as a')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select([
      'a.id',
      'a.user_id',
      'a.number',
      'a.type',
      'a.leverage',
      'a.balance',
      'a.equity',
      'a.status',
      'a.created_at',
      'a.currency_id',
      'c.code as currency_code',
      'c.name as currency_name',
      'c.precision as currency_precision',
    ]);
}

export function toAccountBody(row: AccountRow, held: number): TradingAccount {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    currency: { id: row.currency_id, code: row.currency_code, name: row.currency_name, precision: row.currency_precision },
    leverage: row.leverage,
    balance: row.balance,
    equity: row.equity,
    available: row.balance - held,
    status: row.status,
    created_at: row.created_at,
    nickname: null,
    free_margin: row.balance - held,
    margin_level: null,
  };
}

export function createTradingAccountService({ db, clock, maxAccounts }: { db: Db; clock: Clock; maxAccounts: number }): TradingAccountService {
  async function list(userId: number): Promise<TradingAccount[]> {
    const rows = await accountQuery(db).where('a.user_id', '=', userId).orderBy('a.id').execute();
    const held = await heldByAccount(db, rows.map((r) => r.id));
    return rows.map((row) => toAccountBody(row, held.get(row.id) ?? 0));
  }

  async function attempt(userId: number, input: NewAccount): Promise<number> {
    return db.transaction().execute(async (trx) => {
      // The user's row is the lock that makes "count, then insert" safe against parallel creates.
      await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).executeTakeFirstOrThrow();

      const failures: RuleFailure[] = [];
      const currency = input.currencyId === null ? undefined : await trx.selectFrom('currencies').select('id').where('id', '=', input.currencyId).executeTakeFirst();
      if (!currency) failures.push({ field: 'currency_id', rule: 'exists' });
      const leverage = input.leverage ?? LEVERAGE_DEFAULT;
      if (!Number.isInteger(leverage) || leverage < LEVERAGE_MIN || leverage > LEVERAGE_MAX) {
        failures.push({ field: 'leverage', rule: 'between', params: { min: LEVERAGE_MIN, max: LEVERAGE_MAX } });
      }
      if (failures.length > 0) throw new RuleError(failures);

      const { count } = await trx
        .selectFrom('trading_accounts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= maxAccounts) fail('currency_id', 'accounts_max', { limit: maxAccounts });

      const now = clock().toISOString();
      const { id } = await trx
        .insertInto('trading_accounts')
        .values({
          user_id: userId,
          number: newAccountNumber(),
          type: input.type,
          currency_id: currency!.id,
          leverage,
          status: 'active',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  return {
    maxAccounts,
    list,
    async create(userId, input) {
      for (let i = 1; ; i++) {
        try {
          const id = await attempt(userId, input);
          const row = await accountQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow();
          return toAccountBody(row, 0);
        } catch (error) {
          // A clash of random numbers: the transaction rolled back; draw again.
          if (isUniqueViolation(error) && i < NUMBER_ATTEMPTS) continue;
          throw error;
        }
      }
    },
  };
}
