import { randomInt } from 'node:crypto';
import type { AccountState } from '../../contract/platform.ts';
import { LEVERAGE_DEFAULT, LEVERAGE_MAX, LEVERAGE_MIN, type AccountStatus, type AccountType, type TradingAccount } from '../../contract/trading.ts';
import type { Db } from '../db/schema.ts';
import type { TradingPlatform } from '../platform/port.ts';
import { heldByAccount } from './balances.ts';
import type { Clock } from './clock.ts';
import { onPlatform } from './platform-errors.ts';
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
  /** The platform's login. */
  number: string;
  type: AccountType;
  leverage: number;
  balance: number;
  equity: number;
  status: AccountStatus;
  nickname: string | null;
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

/** 8 digits, never starting with 0: the seed's logins before the platform gives its own. */
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
      'a.nickname',
      'a.created_at',
      'a.currency_id',
      'c.code as currency_code',
      'c.name as currency_name',
      'c.precision as currency_precision',
    ]);
}

/**
 * The account as the client sees it. Balance, equity, leverage, free margin and margin level are
 * the platform's (they move with every tick); `available` is what may still be withdrawn or
 * transferred: the free margin (no more than the balance) less pending withdrawals. Without a
 * state (the platform left the login out) the row's last known figures stand in.
 */
export function toAccountBody(row: AccountRow, held: number, state: AccountState | undefined): TradingAccount {
  const balance = state?.balance ?? row.balance;
  const freeMargin = state?.free_margin ?? row.equity;
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    currency: { id: row.currency_id, code: row.currency_code, name: row.currency_name, precision: row.currency_precision },
    leverage: state?.leverage ?? row.leverage,
    balance,
    equity: state?.equity ?? row.equity,
    // `held` counts IPO holds the platform also reserves (out of its free margin): counted once.
    available: Math.max(0, Math.min(balance, freeMargin + (state?.reserved ?? 0)) - held),
    status: row.status,
    created_at: row.created_at,
    nickname: row.nickname,
    free_margin: freeMargin,
    margin_level: state?.margin_level ?? null,
  };
}

/** Bodies of `rows` with the platform's states, one call for them all. */
export async function accountBodies(db: Db, platform: TradingPlatform, rows: AccountRow[]): Promise<TradingAccount[]> {
  if (rows.length === 0) return [];
  const [held, states] = await Promise.all([
    heldByAccount(db, rows.map((r) => r.id)),
    onPlatform(() => platform.states(rows.map((r) => r.number))),
  ]);
  return rows.map((row) => toAccountBody(row, held.get(row.id) ?? 0, states.get(row.number)));
}

export function createTradingAccountService({ db, clock, platform, maxAccounts }: { db: Db; clock: Clock; platform: TradingPlatform; maxAccounts: number }): TradingAccountService {
  async function list(userId: number): Promise<TradingAccount[]> {
    const rows = await accountQuery(db).where('a.user_id', '=', userId).orderBy('a.id').execute();
    return accountBodies(db, platform, rows);
  }

  return {
    maxAccounts,
    list,
    async create(userId, input) {
      const failures: RuleFailure[] = [];
      const currency = input.currencyId === null ? undefined : await db.selectFrom('currencies').select(['id', 'code', 'precision']).where('id', '=', input.currencyId).executeTakeFirst();
      if (!currency) failures.push({ field: 'currency_id', rule: 'exists' });
      const leverage = input.leverage ?? LEVERAGE_DEFAULT;
      if (!Number.isInteger(leverage) || leverage < LEVERAGE_MIN || leverage > LEVERAGE_MAX) {
        failures.push({ field: 'leverage', rule: 'between', params: { min: LEVERAGE_MIN, max: LEVERAGE_MAX } });
      }
      if (failures.length > 0 || !currency) throw new RuleError(failures);
      const count = async (trx: Db) =>
        Number((await trx.selectFrom('trading_accounts').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow()).count);
      if ((await count(db)) >= maxAccounts) fail('currency_id', 'accounts_max', { limit: maxAccounts });

      // The platform gives the login, before our transaction: the platform is another system and
      // is never called while a transaction of ours is open. Should the insert below be refused
      // (a parallel create took the last place), the platform keeps an empty account nobody reaches.
      const user = await db.selectFrom('users').select(['first_name', 'second_name']).where('id', '=', userId).executeTakeFirstOrThrow();
      const { login } = await onPlatform(() =>
        platform.openAccount({ group: input.type, currency: currency.code, precision: currency.precision, leverage, name: `${user.first_name} ${user.second_name}` }),
      );
      const id = await db.transaction().execute(async (trx) => {
        // The user's row is the lock that makes "count, then insert" safe against parallel creates.
        await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).executeTakeFirstOrThrow();
        if ((await count(trx)) >= maxAccounts) fail('currency_id', 'accounts_max', { limit: maxAccounts });
        const now = clock().toISOString();
        const row = await trx
          .insertInto('trading_accounts')
          .values({ user_id: userId, number: login, type: input.type, currency_id: currency.id, leverage, status: 'active', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      const row = await accountQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow();
      return (await accountBodies(db, platform, [row]))[0]!;
    },
  };
}
