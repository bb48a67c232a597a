import { instrumentGroupOf, type RewardInputs, type RewardKind } from '../../../contract/partners.ts';
import type { Quote } from '../../../contract/platform.ts';
import type { Db } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { TradingPlatform } from '../../platform/port.ts';
import type { Clock } from '../clock.ts';
import { usdPerUnit } from '../usd-value.ts';
import { lotRate, planAt, type PlanRow } from './plans.ts';
import { lockWallet, recomputeWallet } from './wallet.ts';

/**
 * Rewards (docs/adr/0095): CPA at once for an attributed client's first live deposit at or above the
 * plan's threshold; per lot daily from the platform's deals on live accounts, at the rate of the
 * instrument's group in the plan in force at the deal's time; and for the parent of a sub-partner
 * its plan's share of every such line, a line of its own linked to the child's. Each line is unique
 * per source, partner and level, so a repeated run or a deposit told twice never pays twice; each
 * is credited to the partner wallet in the same transaction, under the wallet's lock.
 */

const DAY_MS = 86_400_000;
const DEALS_PAGE = 200;

interface NewLine {
  partnerId: number;
  level: 1 | 2;
  kind: RewardKind;
  sourceType: 'deposit' | 'deal' | 'reward';
  sourceKey: string;
  clientUserId: number | null;
  plan: PlanRow;
  rate: number;
  inputs: RewardInputs;
  volume: number | null;
  amount: number;
  parentRewardId: number | null;
  sourceAt: string;
}

/** Told after a line is credited (notifications); a daily run's per-lot lines are told as one sum (kind `lot`). */
export type RewardCredited = (partnerUserId: number, credit: { kind: RewardKind; amount: number; currency: string; precision: number }) => Promise<void>;

export interface AccrualOutcome {
  day: string;
  deals: number;
  lines: number;
}

export interface RewardService {
  /** A completed deposit (ledger entry): pays the CPA when it is the attributed client's first live one and meets the threshold. */
  rewardDeposit(entryId: number): Promise<number>;
  /** Pays the per-lot rewards of the deals of `day` (YYYY-MM-DD, UTC; default yesterday), and every CPA missed. Safe to run again: answers the lines it added. */
  accrue(day?: string): Promise<AccrualOutcome>;
  /**
   * The daily job: claims yesterday's run (one process wins the claim; a run left `running` for an
   * hour by a process that stopped is taken over) and accrues it. Null when the day is done or another process holds it.
   */
  runDaily(): Promise<AccrualOutcome | null>;
  /** Everything a client's deals and first deposit earned since their attribution (counted late by staff), once; answers the lines added. */
  accrueClient(userId: number): Promise<number>;
}

/** Minor units of one currency in another, through their dollar values (the platform's quotes). */
function convert(minor: number, from: { code: string; precision: number }, to: { code: string; precision: number }, quotes: readonly Quote[]): number {
  if (from.code === to.code) return minor;
  const major = (minor / 10 ** from.precision) * (usdPerUnit(from.code, quotes) / usdPerUnit(to.code, quotes));
  return Math.floor(major * 10 ** to.precision);
}

export function createRewardService({ db, clock, platform, credited }: { db: Db; clock: Clock; platform: TradingPlatform; credited?: RewardCredited }): RewardService {
  const yesterday = () => new Date(clock().getTime() - DAY_MS).toISOString().slice(0, 10);

  async function tell(partnerId: number, kind: RewardKind, amount: number) {
    if (!credited || amount <= 0) return;
    const partner = await db
      .selectFrom('partners as p')
      .innerJoin('partner_wallets as w', 'w.partner_id', 'p.id')
      .innerJoin('currencies as c', 'c.id', 'w.currency_id')
      .select(['p.user_id', 'c.code', 'c.precision'])
      .where('p.id', '=', partnerId)
      .executeTakeFirstOrThrow();
    await credited(partner.user_id, { kind, amount, currency: partner.code, precision: partner.precision }).catch((error: unknown) => console.error('partner reward: credited but not told', error));
  }

  /**
   * Inserts the line and credits it; null when that source already paid this partner at this level.
   * `sums` collects what a daily run credited per partner (told once at its end); without it each line is told.
   */
  async function insertLine(line: NewLine, sums?: Map<number, number>): Promise<number | null> {
    const now = clock().toISOString();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const wallet = await lockWallet(trx, line.partnerId);
        const { id } = await trx
          .insertInto('partner_rewards')
          .values({
            partner_id: line.partnerId,
            level: line.level,
            kind: line.kind,
            source_type: line.sourceType,
            source_key: line.sourceKey,
            client_user_id: line.clientUserId,
            plan_id: line.plan.id,
            rate: line.rate,
            inputs: JSON.stringify(line.inputs),
            volume: line.volume,
            amount: line.amount,
            currency_id: wallet.currency_id,
            parent_reward_id: line.parentRewardId,
            source_at: line.sourceAt,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (line.amount > 0) {
          await trx
            .insertInto('partner_wallet_entries')
            .values({ wallet_id: wallet.id, kind: 'reward', amount: line.amount, status: 'completed', reference: `RWD-${id}`, reward_id: id, ledger_entry_id: null, account_id: null, payment_method_id: null, reason: null, decided_at: now, decided_by: null, created_at: now })
            .execute();
          await recomputeWallet(trx, wallet.id, now);
        }
        return id;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return null;
        throw error;
      });
    if (id !== null && line.amount > 0) {
      if (sums) sums.set(line.partnerId, (sums.get(line.partnerId) ?? 0) + line.amount);
      else await tell(line.partnerId, line.kind, line.amount);
    }
    return id;
  }

  /** The level-1 line of `source` (inserted now or before), then the parent's share of it. Answers how many lines were added. */
  async function pay(line: NewLine, quotes: () => Promise<readonly Quote[]>, sums?: Map<number, number>): Promise<number> {
    let added = 0;
    let childId = await insertLine(line, sums);
    if (childId !== null) added++;
    else {
      const existing = await db
        .selectFrom('partner_rewards')
        .select('id')
        .where('source_type', '=', line.sourceType)
        .where('source_key', '=', line.sourceKey)
        .where('partner_id', '=', line.partnerId)
        .where('level', '=', 1)
        .executeTakeFirstOrThrow();
      childId = existing.id;
    }
    const partner = await db
      .selectFrom('partners as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.parent_id', 'u.first_name', 'u.second_name'])
      .where('p.id', '=', line.partnerId)
      .executeTakeFirstOrThrow();
    if (partner.parent_id === null || line.amount === 0) return added;
    const parentPlan = await planAt(db, partner.parent_id, line.sourceAt);
    if (!parentPlan || parentPlan.second_level_bps === 0) return added;
    const childAmount = convert(line.amount, { code: line.plan.currency_code, precision: line.plan.currency_precision }, { code: parentPlan.currency_code, precision: parentPlan.currency_precision }, await quotes());
    const share = Math.floor((childAmount * parentPlan.second_level_bps) / 10_000);
    const parentLine = await insertLine({
      partnerId: partner.parent_id,
      level: 2,
      kind: 'second_level',
      sourceType: 'reward',
      sourceKey: String(childId),
      clientUserId: line.clientUserId,
      plan: parentPlan,
      rate: parentPlan.second_level_bps,
      inputs: { child: { reward_id: childId, partner_name: `${partner.first_name} ${partner.second_name}`.trim(), amount: childAmount } },
      volume: null,
      amount: share,
      parentRewardId: childId,
      sourceAt: line.sourceAt,
    }, sums);
    return added + (parentLine !== null ? 1 : 0);
  }

  const quoteCache = () => {
    let cached: Promise<readonly Quote[]> | null = null;
    return () => (cached ??= platform.quotes());
  };

  async function cpa(entryId: number, quotes: () => Promise<readonly Quote[]>): Promise<number> {
    const entry = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('currencies as c', 'c.id', 'e.currency_id')
      .select(['e.id', 'e.user_id', 'e.amount', 'e.reference', 'e.decided_at', 'e.created_at', 'c.code', 'c.precision'])
      .where('e.id', '=', entryId)
      .where('e.kind', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('a.type', '=', 'live')
      .executeTakeFirst();
    if (!entry) return 0;
    const attribution = await db.selectFrom('partner_attributions').select('partner_id').where('user_id', '=', entry.user_id).where('state', '=', 'counted').executeTakeFirst();
    if (!attribution) return 0;
    // Only the client's first completed live deposit can pay the CPA.
    const first = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
      .select('e.id')
      .where('e.user_id', '=', entry.user_id)
      .where('e.kind', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('a.type', '=', 'live')
      .orderBy('e.decided_at')
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    if (first.id !== entry.id) return 0;
    const at = entry.decided_at ?? entry.created_at;
    const plan = await planAt(db, attribution.partner_id, at);
    if (!plan || Number(plan.cpa_amount) === 0) return 0;
    const amount = Number(entry.amount);
    const inPlan = convert(amount, { code: entry.code, precision: entry.precision }, { code: plan.currency_code, precision: plan.currency_precision }, await quotes());
    const threshold = Number(plan.cpa_threshold);
    if (inPlan < threshold) return 0;
    return pay(
      {
        partnerId: attribution.partner_id,
        level: 1,
        kind: 'cpa',
        sourceType: 'deposit',
        sourceKey: String(entry.id),
        clientUserId: entry.user_id,
        plan,
        rate: Number(plan.cpa_amount),
        inputs: { deposit: { reference: entry.reference, amount, currency: entry.code, precision: entry.precision, amount_in_plan: inPlan, threshold } },
        volume: null,
        amount: Number(plan.cpa_amount),
        parentRewardId: null,
        sourceAt: at,
      },
      quotes,
    );
  }

  interface Client {
    partner_id: number;
    user_id: number;
    number: string;
  }

  /** Live accounts of counted attributions (of one client, with `userId`). */
  const countedClients = (userId?: number) => {
    let query = db
      .selectFrom('partner_attributions as t')
      .innerJoin('trading_accounts as a', 'a.user_id', 't.user_id')
      .select(['t.partner_id', 't.user_id', 'a.number', 't.created_at'])
      .where('t.state', '=', 'counted')
      .where('a.type', '=', 'live')
      .orderBy('a.id');
    if (userId !== undefined) query = query.where('t.user_id', '=', userId);
    return query.execute();
  };

  /** The per-lot lines of the clients' deals in [from, to), skipping the deals in `done`. */
  async function payDeals(clients: readonly Client[], from: Date, to: Date, done: ReadonlySet<string>, quotes: () => Promise<readonly Quote[]>, sums?: Map<number, number>): Promise<{ deals: number; lines: number }> {
    let deals = 0;
    let lines = 0;
    for (const client of clients) {
      for (let page = 1; ; page++) {
        const result = await platform.deals(client.number, { from, to, page, per_page: DEALS_PAGE });
        for (const deal of result.data) {
          if (deal.kind === 'balance' || deal.symbol === null || deal.volume === null) continue;
          const group = instrumentGroupOf(deal.symbol);
          if (!group) continue;
          deals++;
          if (done.has(`${client.number}:${deal.ticket}`)) continue;
          // The plan in force when the deal was made: a change applies from its day on.
          const plan = await planAt(db, client.partner_id, deal.time);
          if (!plan) continue;
          const rate = lotRate(plan, group);
          lines += await pay(
            {
              partnerId: client.partner_id,
              level: 1,
              kind: 'lot',
              sourceType: 'deal',
              sourceKey: `${client.number}:${deal.ticket}`,
              clientUserId: client.user_id,
              plan,
              rate,
              inputs: { deal: { ticket: deal.ticket, symbol: deal.symbol, group, volume: deal.volume, time: deal.time, account: client.number } },
              volume: deal.volume,
              amount: Math.round(deal.volume * rate),
              parentRewardId: null,
              sourceAt: deal.time,
            },
            quotes,
            sums,
          );
        }
        if (page >= result.meta.last_page) break;
      }
    }
    return { deals, lines };
  }

  /** The CPA of every counted client (or of one) whose deposit's own call missed it (the process stopped, the deposit completed by the sweep, the attribution held for staff then). */
  async function payMissedCpa(quotes: () => Promise<readonly Quote[]>, userId?: number): Promise<number> {
    let query = db
      .selectFrom('ledger_entries as e')
      .innerJoin('partner_attributions as t', 't.user_id', 'e.user_id')
      .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
      .select('e.id')
      .where('t.state', '=', 'counted')
      .where('e.kind', '=', 'deposit')
      .where('e.status', '=', 'completed')
      .where('a.type', '=', 'live')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('partner_rewards as r').select('r.id').where('r.source_type', '=', 'deposit').whereRef('r.client_user_id', '=', 'e.user_id'))));
    if (userId !== undefined) query = query.where('e.user_id', '=', userId);
    let lines = 0;
    for (const entry of await query.execute()) lines += await cpa(entry.id, quotes);
    return lines;
  }

  async function accrue(day: string): Promise<AccrualOutcome> {
    const from = new Date(`${day}T00:00:00.000Z`);
    const to = new Date(from.getTime() + DAY_MS);
    const quotes = quoteCache();
    const sums = new Map<number, number>();
    const clients = await countedClients();
    // Deals whose lines are complete already (the line, and its parent's share where one was paid): a re-run skips them without a query each.
    const done = new Set(
      (
        await db
          .selectFrom('partner_rewards as r')
          .leftJoin('partners as p', 'p.id', 'r.partner_id')
          .leftJoin('partner_rewards as share', 'share.parent_reward_id', 'r.id')
          .select(['r.source_key', 'r.amount', 'p.parent_id', 'share.id as share_id'])
          .where('r.source_type', '=', 'deal')
          .where('r.level', '=', 1)
          .where('r.source_at', '>=', from.toISOString())
          .where('r.source_at', '<', to.toISOString())
          .execute()
      )
        .filter((r) => r.parent_id === null || Number(r.amount) === 0 || r.share_id !== null)
        .map((r) => r.source_key),
    );
    const { deals, lines } = await payDeals(clients, from, to, done, quotes, sums);
    const cpaLines = await payMissedCpa(quotes);
    // One notice per partner for the day's trading, not one per deal.
    for (const [partnerId, amount] of sums) await tell(partnerId, 'lot', amount);
    return { day, deals, lines: lines + cpaLines };
  }

  /**
   * A client's attribution counted late (staff counted a held one): what their deals and first
   * deposit earned since the attribution, as the daily runs would have paid it. The lines' unique
   * sources make it safe to repeat and to overlap a daily run: nothing is paid twice.
   */
  async function accrueClient(userId: number): Promise<number> {
    const clients = await countedClients(userId);
    const quotes = quoteCache();
    const sums = new Map<number, number>();
    let lines = 0;
    for (const client of clients) lines += (await payDeals([client], new Date(client.created_at), new Date(clock().getTime() + 1), new Set(), quotes, sums)).lines;
    lines += await payMissedCpa(quotes, userId);
    for (const [partnerId, amount] of sums) await tell(partnerId, 'lot', amount);
    return lines;
  }

  return {
    rewardDeposit: (entryId) => cpa(entryId, quoteCache()),
    accrueClient,

    async accrue(day) {
      return accrue(day ?? yesterday());
    },

    async runDaily() {
      const now = clock();
      const day = yesterday();
      const started = now.toISOString();
      const stale = new Date(now.getTime() - 3_600_000).toISOString();
      const claimed = await db
        .insertInto('partner_accrual_runs')
        .values({ day, status: 'running', started_at: started, finished_at: null })
        .execute()
        .then(() => true)
        .catch(async (error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
          // Left running by a process that stopped: taken over by exactly one (compare-and-set on its start).
          const taken = await db.updateTable('partner_accrual_runs').set({ started_at: started }).where('day', '=', day).where('status', '=', 'running').where('started_at', '<', stale).executeTakeFirst();
          return Number(taken.numUpdatedRows) === 1;
        });
      if (!claimed) return null;
      const outcome = await accrue(day);
      await db.updateTable('partner_accrual_runs').set({ status: 'done', deals: outcome.deals, lines: outcome.lines, finished_at: clock().toISOString() }).where('day', '=', day).execute();
      return outcome;
    },
  };
}

/** Every `minutes`, the daily accrual of yesterday's deals, claimed by one process (runDaily). */
export function scheduleAccrual(rewards: Pick<RewardService, 'runDaily'>, minutes: number, log?: { error(obj: object, msg: string): void }): () => void {
  if (minutes <= 0) return () => {};
  const timer = setInterval(() => {
    rewards.runDaily().catch((err: unknown) => log?.error({ err }, 'partner accrual failed'));
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
