import { randomInt } from 'node:crypto';
import {
  type AdminStrategy,
  FEE_PERIOD_DEFAULT,
  INVITATION_CODE_LENGTH,
  type MyStrategy,
  STRATEGIES_PER_CLIENT_MAX,
  STRATEGY_PERIOD_DAYS,
  STRATEGY_PERIOD_DEFAULT,
  type StrategyDetails,
  type StrategyPeriod,
  type StrategySummary,
  TRADES_DELAY_MINUTES_DEFAULT,
} from '../../contract/investing.ts';
import type { StrategyBody, StrategyListQuery } from '../../contract/investing.schema.ts';
import { LOCALES, type Locale } from '../../contract/locales.ts';
import { parseAmount } from '../../contract/money.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Db } from '../db/schema.ts';
import type { TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';
import { RuleError, type RuleFailure } from './rule-error.ts';
import { NotFoundError } from './service-errors.ts';
import { strategyFigures, type StrategyFigures } from './strategy-figures.ts';
import { forUpdate } from './transactions.ts';

const DAY_MS = 86_400_000;
/** Figures are recomputed at most this often per strategy (they move with daily reports and closed trades). */
const FIGURES_TTL_MS = 30_000;
const SPARKLINE_POINTS = 30;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface StrategyService {
  list(userId: number, query: StrategyListQuery): Promise<StrategySummary[]>;
  details(userId: number, id: number, locale: Locale, period?: StrategyPeriod): Promise<StrategyDetails>;
  mine(userId: number, locale: Locale): Promise<MyStrategy[]>;
  offer(userId: number, body: StrategyBody, locale: Locale): Promise<MyStrategy>;
  update(userId: number, id: number, body: StrategyBody, locale: Locale): Promise<MyStrategy>;
  adminList(): Promise<AdminStrategy[]>;
  hide(id: number, reason: string | null): Promise<AdminStrategy>;
  /** Forgets cached figures (after a fee, a subscription's money moved). */
  invalidate(strategyId?: number): void;
}

type Row = Awaited<ReturnType<typeof rowsQuery>>[number];

function rowsQuery(db: Db, id?: number) {
  return db
    .selectFrom('strategies as s')
    .innerJoin('trading_accounts as a', 'a.id', 's.account_id')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.account_id',
      's.name',
      's.visibility',
      's.invitation_code',
      's.performance_fee_bps',
      's.management_fee_bps',
      's.min_investment',
      's.fee_period',
      's.trades_delay_minutes',
      's.rule',
      's.rule_symbol',
      's.hidden',
      's.hidden_reason',
      's.created_at',
      'a.number as login',
      'a.type as account_type',
      'a.created_at as account_created_at',
      'c.code as currency_code',
      'c.precision as currency_precision',
      'u.first_name',
      'u.second_name',
      'u.email',
    ])
    .$if(id !== undefined, (qb) => qb.where('s.id', '=', id!))
    .orderBy('s.id')
    .execute();
}

const providerName = (row: Pick<Row, 'first_name' | 'second_name'>) => `${row.first_name} ${row.second_name.slice(0, 1)}.`;

export function invitationCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function createStrategyService({ db, clock, platform }: { db: Db; clock: Clock; platform: TradingPlatform }): StrategyService {
  const cache = new Map<number, { at: number; figures: StrategyFigures }>();

  async function figuresOf(row: Row): Promise<StrategyFigures> {
    const now = clock();
    const cached = cache.get(row.id);
    if (cached && now.getTime() - cached.at < FIGURES_TTL_MS && cached.at <= now.getTime()) return cached.figures;
    const figures = await strategyFigures(platform, row.login, row.account_created_at, now);
    cache.set(row.id, { at: now.getTime(), figures });
    return figures;
  }

  async function followers(ids: number[], userId: number) {
    if (ids.length === 0) return { counts: new Map<number, number>(), funds: new Map<number, number>(), mine: new Map<number, number>() };
    const rows = await db
      .selectFrom('copy_subscriptions as s')
      .innerJoin('trading_accounts as a', 'a.id', 's.copy_account_id')
      .select(['s.id', 's.strategy_id', 's.user_id', 'a.number'])
      .where('s.strategy_id', 'in', ids)
      .where('s.state', '<>', 'closed')
      .execute();
    const states = await platform.states(rows.map((r) => r.number));
    const counts = new Map<number, number>();
    const funds = new Map<number, number>();
    const mine = new Map<number, number>();
    for (const r of rows) {
      counts.set(r.strategy_id, (counts.get(r.strategy_id) ?? 0) + 1);
      funds.set(r.strategy_id, (funds.get(r.strategy_id) ?? 0) + (states.get(r.number)?.equity ?? 0));
      if (r.user_id === userId) mine.set(r.strategy_id, r.id);
    }
    return { counts, funds, mine };
  }

  async function summaries(rows: Row[], userId: number, period: StrategyPeriod): Promise<Array<StrategySummary & { figures: StrategyFigures; row: Row }>> {
    const people = await followers(rows.map((r) => r.id), userId);
    const now = clock();
    const out = [];
    for (const row of rows) {
      const figures = await figuresOf(row);
      const days = STRATEGY_PERIOD_DAYS[period];
      const from = days === null ? '' : new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
      const inPeriod = figures.equity.filter((p) => p.time.slice(0, 10) >= from);
      const step = Math.max(1, Math.ceil(inPeriod.length / SPARKLINE_POINTS));
      const sparkline = inPeriod.filter((_, i) => i % step === 0 || i === inPeriod.length - 1).map((p) => p.equity);
      out.push({
        id: row.id,
        name: row.name,
        provider: providerName(row),
        currency: { code: row.currency_code, precision: row.currency_precision },
        account_type: row.account_type,
        visibility: row.visibility,
        return_percent: figures.returns[period],
        period,
        max_drawdown_percent: figures.maxDrawdownPercent,
        risk_score: figures.risk,
        age_days: Math.max(0, Math.floor((now.getTime() - Date.parse(row.account_created_at)) / DAY_MS)),
        investors: people.counts.get(row.id) ?? 0,
        funds_invested: people.funds.get(row.id) ?? 0,
        fee_plan: feePlan(row),
        sparkline,
        own: row.user_id === userId,
        my_subscription_id: people.mine.get(row.id) ?? null,
        created_at: row.created_at,
        figures,
        row,
      });
    }
    return out;
  }

  const strip = <T extends { figures: unknown; row: unknown }>({ figures: _f, row: _r, ...rest }: T) => rest;

  async function descriptions(id: number): Promise<Partial<Record<Locale, string>>> {
    const rows = await db.selectFrom('strategy_descriptions').select(['lang', 'text']).where('strategy_id', '=', id).execute();
    return Object.fromEntries(rows.map((r) => [r.lang, r.text]));
  }

  async function detailsOf(row: Row, userId: number, locale: Locale, period: StrategyPeriod): Promise<StrategyDetails> {
    const [summary] = await summaries([row], userId, period);
    const texts = await descriptions(row.id);
    const cutoff = clock().getTime() - row.trades_delay_minutes * 60_000;
    const { figures } = summary!;
    return {
      ...strip(summary!),
      description: texts[locale] ?? LOCALES.map((l) => texts[l]).find((t) => t !== undefined) ?? '',
      returns: figures.returns,
      equity: figures.equity,
      trades: figures.trades.filter((t) => Date.parse(t.close_time) <= cutoff).slice(0, 100),
      trades_delay_minutes: row.trades_delay_minutes,
      rule: row.rule === null ? null : `${row.rule}:${row.rule_symbol ?? ''}`,
      hidden: row.hidden === 1,
    };
  }

  async function feesEarned(row: Row): Promise<number> {
    const r = await db
      .selectFrom('copy_fees as f')
      .innerJoin('copy_subscriptions as s', 's.id', 'f.subscription_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('f.amount'), eb.val(0)).as('total'))
      .where('s.strategy_id', '=', row.id)
      .executeTakeFirst();
    return Number(r?.total ?? 0);
  }

  async function mineOf(row: Row, locale: Locale): Promise<MyStrategy> {
    return {
      ...(await detailsOf(row, row.user_id, locale, STRATEGY_PERIOD_DEFAULT)),
      account_id: row.account_id,
      account_number: row.login,
      descriptions: await descriptions(row.id),
      invitation_code: row.visibility === 'invitation' ? row.invitation_code : null,
      fees_earned: await feesEarned(row),
    };
  }

  async function byId(id: number): Promise<Row | undefined> {
    return (await rowsQuery(db, id))[0];
  }

  /** Checks the body; answers the fee plan in stored units. */
  async function checked(userId: number, body: StrategyBody, existing: Row | null) {
    const failures: RuleFailure[] = [];
    const account = await db
      .selectFrom('trading_accounts as a')
      .innerJoin('currencies as c', 'c.id', 'a.currency_id')
      .select(['a.id', 'a.status', 'c.precision', 'c.code'])
      .where('a.id', '=', body.account_id)
      .where('a.user_id', '=', userId)
      .executeTakeFirst();
    if (!account) failures.push({ field: 'account_id', rule: 'exists' });
    else if (account.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
    else if (existing && existing.account_id !== account.id) failures.push({ field: 'account_id', rule: 'strategy_account_taken' });
    else if (!existing) {
      const taken = await db.selectFrom('strategies').select('id').where('account_id', '=', account.id).executeTakeFirst();
      const copying = await db.selectFrom('copy_subscriptions').select('id').where('copy_account_id', '=', account.id).executeTakeFirst();
      if (taken || copying) failures.push({ field: 'account_id', rule: 'strategy_account_taken' });
    }
    let minInvestment = 0;
    const zero = typeof body.min_investment === 'string' ? /^\s*0*(\.0*)?\s*$/.test(body.min_investment) : body.min_investment === 0;
    if (!zero) {
      const parsed = parseAmount(body.min_investment, account?.precision ?? 2);
      if (parsed.ok) minInvestment = parsed.minor;
      else failures.push({ field: 'min_investment', rule: parsed.problem === 'max' ? 'max_amount' : parsed.problem, ...(parsed.problem === 'decimal' ? { limit: account?.precision ?? 2 } : {}) });
    }
    if (failures.length > 0) throw new RuleError(failures);
    return {
      name: body.name,
      visibility: body.visibility,
      performance_fee_bps: Math.round(body.performance_fee_percent * 100),
      management_fee_bps: Math.round(body.management_fee_percent * 100),
      min_investment: minInvestment,
      fee_period: body.fee_period ?? existing?.fee_period ?? FEE_PERIOD_DEFAULT,
      trades_delay_minutes: body.trades_delay_minutes ?? existing?.trades_delay_minutes ?? TRADES_DELAY_MINUTES_DEFAULT,
    };
  }

  async function writeDescriptions(trx: Db, id: number, texts: StrategyBody['descriptions']) {
    await trx.deleteFrom('strategy_descriptions').where('strategy_id', '=', id).execute();
    const rows = LOCALES.flatMap((lang) => (texts[lang]?.trim() ? [{ strategy_id: id, lang, text: texts[lang]!.trim() }] : []));
    if (rows.length > 0) await trx.insertInto('strategy_descriptions').values(rows).execute();
  }

  function admin(s: StrategySummary & { row: Row; figures: StrategyFigures }): AdminStrategy {
    return { ...strip(s), hidden: s.row.hidden === 1, hidden_reason: s.row.hidden_reason, account_number: s.row.login, provider_email: s.row.email };
  }

  return {
    async list(userId, query) {
      const period = query.period ?? STRATEGY_PERIOD_DEFAULT;
      const rows = (await rowsQuery(db)).filter((r) => r.hidden === 0 && (r.visibility === 'public' || r.user_id === userId));
      const filtered = rows.filter(
        (r) =>
          (query.currency === undefined || r.currency_code === query.currency) &&
          (query.max_performance_fee === undefined || r.performance_fee_bps <= query.max_performance_fee * 100) &&
          (query.q === undefined || r.name.toLowerCase().includes(query.q.toLowerCase())),
      );
      let list = await summaries(filtered, userId, period);
      list = list.filter((s) => (query.max_risk === undefined || s.risk_score <= query.max_risk) && (query.min_age_days === undefined || s.age_days >= query.min_age_days));
      const sort = query.sort ?? 'return';
      const key: Record<typeof sort, (s: StrategySummary) => number> = {
        return: (s) => -s.return_percent,
        drawdown: (s) => s.max_drawdown_percent,
        risk: (s) => s.risk_score,
        investors: (s) => -s.investors,
        funds: (s) => -s.funds_invested,
        age: (s) => -s.age_days,
      };
      return list.sort((a, b) => key[sort](a) - key[sort](b) || a.id - b.id).map(strip);
    },

    async details(userId, id, locale, period = STRATEGY_PERIOD_DEFAULT) {
      const row = await byId(id);
      // Hidden by staff: gone for everyone but its provider. By invitation: reachable by its id.
      if (!row || (row.hidden === 1 && row.user_id !== userId)) throw new NotFoundError('strategy');
      return detailsOf(row, userId, locale, period);
    },

    async mine(userId, locale) {
      const rows = (await rowsQuery(db)).filter((r) => r.user_id === userId);
      return Promise.all(rows.map((r) => mineOf(r, locale)));
    },

    async offer(userId, body, locale) {
      const values = await checked(userId, body, null);
      const now = clock().toISOString();
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).executeTakeFirstOrThrow();
          const count = await trx.selectFrom('strategies').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
          if (Number(count.n) >= STRATEGIES_PER_CLIENT_MAX) throw new RuleError([{ field: 'account_id', rule: 'max_numeric', params: { max: STRATEGIES_PER_CLIENT_MAX } }]);
          const row = await trx
            .insertInto('strategies')
            .values({
              user_id: userId,
              account_id: body.account_id,
              ...values,
              invitation_code: invitationCode(),
              rule: null,
              rule_symbol: null,
              hidden: 0,
              hidden_reason: null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeDescriptions(trx, row.id, body.descriptions);
          return row.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new RuleError([{ field: 'account_id', rule: 'strategy_account_taken' }]);
        throw error;
      }
      return mineOf((await byId(id))!, locale);
    },

    async update(userId, id, body, locale) {
      const existing = await byId(id);
      if (!existing || existing.user_id !== userId) throw new NotFoundError('strategy');
      const values = await checked(userId, body, existing);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('strategies').set({ ...values, updated_at: clock().toISOString() }).where('id', '=', id).execute();
        await writeDescriptions(trx, id, body.descriptions);
      });
      cache.delete(id);
      return mineOf((await byId(id))!, locale);
    },

    async adminList() {
      const rows = await rowsQuery(db);
      return (await summaries(rows, 0, STRATEGY_PERIOD_DEFAULT)).map(admin);
    },

    async hide(id, reason) {
      const row = await byId(id);
      if (!row) throw new NotFoundError('strategy');
      await db
        .updateTable('strategies')
        .set({ hidden: reason === null ? 0 : 1, hidden_reason: reason, updated_at: clock().toISOString() })
        .where('id', '=', id)
        .execute();
      const [summary] = await summaries([(await byId(id))!], 0, STRATEGY_PERIOD_DEFAULT);
      return admin(summary!);
    },

    invalidate(strategyId) {
      if (strategyId === undefined) cache.clear();
      else cache.delete(strategyId);
    },
  };
}


export function feePlan(row: Pick<Row, 'performance_fee_bps' | 'management_fee_bps' | 'min_investment' | 'fee_period'>) {
  return {
    performance_fee_percent: row.performance_fee_bps / 100,
    management_fee_percent: row.management_fee_bps / 100,
    min_investment: Number(row.min_investment),
    fee_period: row.fee_period,
  };
}
