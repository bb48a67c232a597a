import type { Side, TradingSymbol } from '../../contract/platform.ts';
import type { AccountType, LedgerKind, LedgerStatus } from '../../contract/trading.ts';
import { newAccountNumber, newReference, platformHistoryOf, recomputeBalance, type TradingPlatform } from '../services/seeding.ts';
import type { Db } from './schema.ts';

const DAY = 86_400_000;

/** [days ago, symbol, side, lots, open price, close price, opening hour, closing hour (UTC)] */
type DemoTrade = [number, TradingSymbol, Side, number, number, number, number, number];

interface DemoAccount {
  email: string;
  currency: string;
  type: AccountType;
  leverage: number;
  openedDaysAgo: number;
  /** [days ago, kind, amount in minor units (signed), status] */
  entries: Array<[number, LedgerKind, number, LedgerStatus]>;
  /** Closed positions (on the embedded platform only): wins and losses, so results and the curve have a shape. */
  trades: DemoTrade[];
}

/** A few months of plausible activity, so every money screen has something to show. */
const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'client@traderoom.test',
    currency: 'USD',
    type: 'live',
    leverage: 100,
    openedDaysAgo: 120,
    entries: [
      [118, 'deposit', 500_000, 'completed'],
      [96, 'deposit', 250_000, 'completed'],
      [81, 'withdrawal', -120_000, 'completed'],
      [64, 'deposit', 300_000, 'completed'],
      [47, 'withdrawal', -80_000, 'rejected'],
      [33, 'deposit', 150_000, 'completed'],
      // 58 shares of Aurora Robotics at $15.50 (seed-ipo.ts), taken from a $3,000 hold.
      [30, 'ipo', -89_900, 'completed'],
      [12, 'withdrawal', -95_050, 'completed'],
      [1, 'deposit', 200_000, 'pending'],
    ],
    trades: [
      [110, 'EURUSD', 'buy', 0.5, 1.0842, 1.0891, 9, 15],
      [90, 'XAUUSD', 'sell', 0.1, 2364.5, 2351.2, 8, 13],
      [70, 'GBPUSD', 'buy', 0.3, 1.2701, 1.2648, 10, 16],
      [50, 'BTCUSD', 'buy', 0.05, 64_200, 66_150, 7, 19],
      [25, 'USDJPY', 'sell', 0.4, 151.82, 152.41, 9, 12],
      [8, 'EURUSD', 'sell', 0.8, 1.0875, 1.0841, 11, 17],
      [3, 'XAUUSD', 'buy', 0.05, 2342, 2338.4, 9, 10],
    ],
  },
  {
    email: 'client@traderoom.test',
    currency: 'EUR',
    type: 'demo',
    leverage: 500,
    openedDaysAgo: 40,
    entries: [
      [40, 'deposit', 1_000_000, 'completed'],
      [22, 'withdrawal', -250_000, 'completed'],
      [6, 'deposit', 500_000, 'completed'],
    ],
    trades: [
      [38, 'EURUSD', 'buy', 2, 1.083, 1.0865, 8, 14],
      [30, 'US500', 'buy', 5, 5185, 5162.5, 14, 18],
      [15, 'XAUUSD', 'buy', 0.5, 2330.1, 2347.8, 9, 16],
      [9, 'GBPUSD', 'sell', 1, 1.269, 1.2735, 10, 15],
      [2, 'BTCUSD', 'sell', 0.2, 65_800, 65_150, 6, 9],
    ],
  },
  {
    email: 'second@traderoom.test',
    currency: 'GBP',
    type: 'live',
    leverage: 50,
    openedDaysAgo: 30,
    entries: [
      [29, 'deposit', 75_000, 'completed'],
      [2, 'withdrawal', -20_000, 'pending'],
    ],
    trades: [
      [20, 'GBPUSD', 'buy', 0.1, 1.2655, 1.2692, 9, 15],
      [10, 'EURUSD', 'sell', 0.1, 1.086, 1.0878, 10, 13],
    ],
  },
];

/** What the seed asks of the trading platform: open the accounts and book their money. */
export type SeedPlatform = Pick<TradingPlatform, 'name' | 'openAccount' | 'balance' | 'state'>;

/**
 * Trading accounts with history for the demo clients (called by seedDemo on an empty database).
 * With a platform, each account is opened there (its login is the account's number) and every
 * completed entry is a balance deal, as the wallet would have booked it. On the embedded platform
 * the deals carry the entries' times, the account its opening day, and a few closed trades fill
 * the deals, the results and the curve (platformHistoryOf); on another, the port books the money
 * today. Without a platform (a bare database in tests), numbers are drawn here.
 */
export async function seedTradingDemo(db: Db, now: Date = new Date(), platform?: SeedPlatform): Promise<void> {
  const time = (daysAgo: number, hour: number, minute = 15) => new Date(`${new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 11)}${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`);
  const at = (daysAgo: number, hour = 10) => time(daysAgo, hour).toISOString();
  const history = platform ? platformHistoryOf(platform) : null;
  for (const demo of DEMO_ACCOUNTS) {
    const user = await db.selectFrom('users').select(['id', 'first_name', 'second_name']).where('email', '=', demo.email).executeTakeFirst();
    const currency = await db.selectFrom('currencies').select(['id', 'precision']).where('code', '=', demo.currency).executeTakeFirstOrThrow();
    if (!user) continue;
    // The platform is another system: called outside our transactions.
    const login = platform
      ? (await platform.openAccount({ group: demo.type, currency: demo.currency, precision: currency.precision, leverage: demo.leverage, name: `${user.first_name} ${user.second_name}` })).login
      : newAccountNumber();
    const opened = at(demo.openedDaysAgo, 9);
    const { id, entries } = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('trading_accounts')
        .values({ user_id: user.id, number: login, type: demo.type, currency_id: currency.id, leverage: demo.leverage, status: 'active', created_at: opened, updated_at: opened })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entries: Array<{ id: number; kind: LedgerKind; amount: number; reference: string; status: LedgerStatus; created: string }> = [];
      for (const [daysAgo, kind, amount, status] of demo.entries) {
        const created = at(daysAgo);
        const reference = newReference(kind);
        const entry = await trx
          .insertInto('ledger_entries')
          .values({
            user_id: user.id,
            account_id: id,
            kind,
            amount,
            currency_id: currency.id,
            status,
            reference,
            counterparty_account_id: null,
            created_at: created,
            decided_at: status === 'pending' ? null : created,
            decided_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        entries.push({ id: entry.id, kind, amount, reference, status, created });
      }
      await recomputeBalance(trx, id, now.toISOString());
      return { id, entries };
    });
    if (!platform) continue;
    if (history) await history.openedAt(login, new Date(opened));
    for (const entry of entries.filter((e) => e.status === 'completed')) {
      const operation = { login, kind: entry.kind, amount: entry.amount, reference: entry.reference };
      const { ticket } = history ? await history.balanceAt(operation, new Date(entry.created)) : await platform.balance(operation);
      await db.updateTable('ledger_entries').set({ platform_ticket: ticket }).where('id', '=', entry.id).execute();
    }
    if (history) {
      for (const [daysAgo, symbol, side, volume, openPrice, closePrice, openHour, closeHour] of demo.trades) {
        // FX, gold and the index rest at the weekend: such a day moves back to the Friday before.
        const weekend = symbol === 'BTCUSD' ? 0 : [2, 0, 0, 0, 0, 0, 1][time(daysAgo, openHour).getUTCDay()]!;
        const day = daysAgo + weekend;
        await history.closedTrade(login, { symbol, side, volume, openPrice, closePrice, openTime: time(day, openHour, 5), closeTime: time(day, closeHour, 40) });
      }
    }
    const state = await platform.state(login);
    await recomputeBalance(db, id, now.toISOString(), state);
  }
}
