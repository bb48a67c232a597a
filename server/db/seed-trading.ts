import type { AccountType, LedgerKind, LedgerStatus } from '../../contract/trading.ts';
import { newAccountNumber, newReference, recomputeBalance, type TradingPlatform } from '../services/seeding.ts';
import type { Db } from './schema.ts';

const DAY = 86_400_000;

interface DemoAccount {
  email: string;
  currency: string;
  type: AccountType;
  leverage: number;
  openedDaysAgo: number;
  /** [days ago, kind, amount in minor units (signed), status] */
  entries: Array<[number, LedgerKind, number, LedgerStatus]>;
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
      [12, 'withdrawal', -95_050, 'completed'],
      [1, 'deposit', 200_000, 'pending'],
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
  },
];

/** What the seed asks of the trading platform: open the accounts and book their money. */
export type SeedPlatform = Pick<TradingPlatform, 'openAccount' | 'balance' | 'state'>;

/**
 * Trading accounts with history for the demo clients (called by seedDemo on an empty database).
 * With a platform, each account is opened there (its login is the account's number) and every
 * completed entry is a balance deal, as the wallet would have booked it; the deals carry today's
 * time, the ledger its history. Without one (a bare database in tests), numbers are drawn here.
 */
export async function seedTradingDemo(db: Db, now: Date = new Date(), platform?: SeedPlatform): Promise<void> {
  const at = (daysAgo: number, hour = 10) => new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 11) + `${String(hour).padStart(2, '0')}:15:00.000Z`;
  for (const demo of DEMO_ACCOUNTS) {
    const user = await db.selectFrom('users').select(['id', 'first_name', 'second_name']).where('email', '=', demo.email).executeTakeFirst();
    const currency = await db.selectFrom('currencies').select(['id', 'precision']).where('code', '=', demo.currency).executeTakeFirstOrThrow();
    if (!user) continue;
    // The platform is another system: called outside our transactions.
    const login = platform
      ? (await platform.openAccount({ group: demo.type, currency: demo.currency, precision: currency.precision, leverage: demo.leverage, name: `${user.first_name} ${user.second_name}` })).login
      : newAccountNumber();
    const { id, entries } = await db.transaction().execute(async (trx) => {
      const opened = at(demo.openedDaysAgo, 9);
      const { id } = await trx
        .insertInto('trading_accounts')
        .values({ user_id: user.id, number: login, type: demo.type, currency_id: currency.id, leverage: demo.leverage, status: 'active', created_at: opened, updated_at: opened })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entries: Array<{ id: number; kind: LedgerKind; amount: number; reference: string; status: LedgerStatus }> = [];
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
        entries.push({ id: entry.id, kind, amount, reference, status });
      }
      await recomputeBalance(trx, id, now.toISOString());
      return { id, entries };
    });
    if (!platform) continue;
    for (const entry of entries.filter((e) => e.status === 'completed')) {
      const { ticket } = await platform.balance({ login, kind: entry.kind, amount: entry.amount, reference: entry.reference });
      await db.updateTable('ledger_entries').set({ platform_ticket: ticket }).where('id', '=', entry.id).execute();
    }
    const state = await platform.state(login);
    await recomputeBalance(db, id, now.toISOString(), state);
  }
}
