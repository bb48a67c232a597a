import { EmailTakenError, invitationCode, newReference, platformHistoryOf, recomputeBalance, type TradingPlatform, type UserService } from '../services/seeding.ts';
import { DEMO_STRATEGIES } from './content/strategies.ts';
import type { Db } from './schema.ts';

const DAY = 86_400_000;

/** A small deterministic generator (mulberry32): the same history on every fresh install. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Roughly normal: the sum of four uniforms, centred and scaled to a unit spread. */
const gaussian = (next: () => number) => (next() + next() + next() + next() - 2) * Math.sqrt(3);

/**
 * The demo strategies (content/strategies.ts) when there are none: a provider client each (demo
 * password), a demo account funded on its opening day, one closed trade every weekday since, and
 * the strategy with its rule, so the leaderboard lives on a fresh install and the leader's bots
 * (services/strategy-bots.ts) carry on trading. Only on the embedded platform, whose past can be
 * written; idempotent.
 */
export async function seedInvesting(db: Db, users: UserService, now: Date, platform: Pick<TradingPlatform, 'name' | 'openAccount' | 'state'>, password: string): Promise<number> {
  const history = platformHistoryOf(platform);
  if (!history) return 0;
  const any = await db.selectFrom('strategies').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  let seeded = 0;
  for (const [index, demo] of DEMO_STRATEGIES.entries()) {
    let userId: number;
    try {
      userId = (await users.create({ ...demo.provider, roles: ['client'], password, verified: true })).id;
    } catch (error) {
      // Another process is seeding the same demo at the same moment.
      if (error instanceof EmailTakenError) continue;
      throw error;
    }
    const opened = new Date(Date.parse(new Date(now.getTime() - demo.openedDaysAgo * DAY).toISOString().slice(0, 10)) + 8 * 3_600_000);
    await db.updateTable('users').set({ created_at: opened.toISOString(), updated_at: opened.toISOString() }).where('id', '=', userId).execute();
    const currency = await db.selectFrom('currencies').select(['id', 'precision']).where('code', '=', demo.currency).executeTakeFirstOrThrow();
    const { login } = await platform.openAccount({ group: 'demo', currency: demo.currency, precision: currency.precision, leverage: 100, name: `${demo.provider.first_name} ${demo.provider.second_name}` });
    await history.openedAt(login, opened);
    const reference = newReference('deposit');
    const { ticket } = await history.balanceAt({ login, amount: demo.deposit, reference }, opened);
    const accountId = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('trading_accounts')
        .values({ user_id: userId, number: login, type: 'demo', currency_id: currency.id, leverage: 100, status: 'active', created_at: opened.toISOString(), updated_at: opened.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_entries')
        .values({
          user_id: userId,
          account_id: id,
          kind: 'deposit',
          amount: demo.deposit,
          currency_id: currency.id,
          status: 'completed',
          reference,
          counterparty_account_id: null,
          created_at: opened.toISOString(),
          decided_at: opened.toISOString(),
          decided_by: null,
          platform_ticket: ticket,
        })
        .execute();
      return id;
    });
    const next = random(17 + index * 101);
    const { volume, edge, spread, around } = demo.history;
    for (let daysAgo = demo.openedDaysAgo - 1; daysAgo >= 1; daysAgo--) {
      const day = new Date(Date.parse(new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10)));
      const weekday = day.getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const side = next() < 0.5 ? 'buy' : 'sell';
      const move = edge + gaussian(next) * spread;
      const openPrice = around * (1 + (next() - 0.5) * 0.02);
      const closePrice = side === 'buy' ? openPrice + move : openPrice - move;
      await history.closedTrade(login, {
        symbol: demo.symbol,
        side,
        volume,
        openTime: new Date(day.getTime() + (9 * 60 + 5) * 60_000),
        closeTime: new Date(day.getTime() + (15 * 60 + 40) * 60_000),
        openPrice,
        closePrice,
      });
    }
    const state = await platform.state(login);
    await recomputeBalance(db, accountId, now.toISOString(), state);
    const at = opened.toISOString();
    const { id: strategyId } = await db
      .insertInto('strategies')
      .values({
        user_id: userId,
        account_id: accountId,
        name: demo.name,
        visibility: 'public',
        invitation_code: invitationCode(),
        performance_fee_bps: demo.performance_fee_percent * 100,
        management_fee_bps: demo.management_fee_percent * 100,
        min_investment: demo.min_investment * 10 ** currency.precision,
        fee_period: 'weekly',
        trades_delay_minutes: 60,
        rule: demo.rule,
        rule_symbol: demo.symbol,
        hidden: 0,
        hidden_reason: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('strategy_descriptions')
      .values(Object.entries(demo.descriptions).map(([lang, text]) => ({ strategy_id: strategyId, lang, text })))
      .execute();
    seeded++;
  }
  return seeded;
}
