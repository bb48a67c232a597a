import { maskEmail, PARTNER_PERIOD_DAYS, type PartnerClients, type PartnerPeriod, type PartnerStats, type PartnerStatsRow, type RewardInputs, type RewardLine, type RewardPage, type RewardKind, type SubPartner } from '../../../contract/partners.ts';
import type { Db } from '../../db/schema.ts';
import type { TradingPlatform } from '../../platform/port.ts';
import type { Clock } from '../clock.ts';
import { fullName } from './accounts.ts';
import { dailySeries } from './daily.ts';
import { tradedVolume } from './traded.ts';

/** What a partner reads: reward lines traced to their sources, clients, statistics per link and period, sub-partners. */

const DAY_MS = 86_400_000;

export interface ReportService {
  rewards(partnerId: number, query: { kind?: RewardKind | undefined; client?: number | undefined; before?: number | undefined; per_page: number }): Promise<RewardPage>;
  clients(partnerId: number): Promise<PartnerClients>;
  stats(partnerId: number, period: PartnerPeriod, linkId?: number): Promise<PartnerStats>;
  subPartners(partnerId: number): Promise<SubPartner[]>;
}

/** Deals are read to the end of today: one made this very instant counts (the range's end is open). */
const endOfToday = (now: Date) => new Date(Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`) + DAY_MS);

const sum = (rows: { n: string | number | null }[]) => Number(rows[0]?.n ?? 0);

export function createReportService({ db, clock, platform }: { db: Db; clock: Clock; platform: TradingPlatform }): ReportService {
  const walletCurrency = (partnerId: number) =>
    db
      .selectFrom('partner_wallets as w')
      .innerJoin('currencies as c', 'c.id', 'w.currency_id')
      .select(['c.code', 'c.precision'])
      .where('w.partner_id', '=', partnerId)
      .executeTakeFirstOrThrow();

  /** The partner's attributed (counted) clients with their verification and funding. */
  async function clientRows(partnerId: number, linkId?: number, since?: string) {
    let query = db
      .selectFrom('partner_attributions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('partner_links as l', 'l.id', 't.link_id')
      .select([
        'u.id',
        'u.first_name',
        'u.second_name',
        'u.email',
        'u.created_at',
        't.created_at as attributed_at',
        't.link_id',
        'l.campaign',
        (eb) =>
          eb
            .selectFrom('verification_documents as d')
            .select((d) => d.fn.count<string | number>('d.kind').distinct().as('n'))
            .whereRef('d.user_id', '=', 'u.id')
            .where('d.status', '=', 'approved')
            .as('approved_kinds'),
        (eb) =>
          eb
            .selectFrom('ledger_entries as e')
            .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
            .select((e) => e.fn.countAll<string | number>().as('n'))
            .whereRef('e.user_id', '=', 'u.id')
            .where('e.kind', '=', 'deposit')
            .where('e.status', '=', 'completed')
            .where('a.type', '=', 'live')
            .as('deposits'),
      ])
      .where('t.partner_id', '=', partnerId)
      .where('t.state', '=', 'counted')
      .orderBy('t.id', 'desc');
    if (linkId !== undefined) query = query.where('t.link_id', '=', linkId);
    if (since !== undefined) query = query.where('t.created_at', '>=', since);
    return (await query.execute()).map((r) => ({ ...r, verified: Number(r.approved_kinds ?? 0) >= 2, funded: Number(r.deposits ?? 0) > 0 }));
  }

  /** Rewards (level-1 lines) per client of the partner, since `since`. */
  async function rewardsPerClient(partnerId: number, since?: string) {
    let query = db
      .selectFrom('partner_rewards')
      .select(['client_user_id', (eb) => eb.fn.sum<string | number>('amount').as('amount')])
      .where('partner_id', '=', partnerId)
      .where('level', '=', 1)
      .groupBy('client_user_id');
    if (since !== undefined) query = query.where('source_at', '>=', since);
    const rows = await query.execute();
    return new Map(rows.map((r) => [r.client_user_id, Number(r.amount ?? 0)]));
  }

  return {
    async rewards(partnerId, { kind, client, before, per_page }) {
      let query = db
        .selectFrom('partner_rewards as r')
        .innerJoin('partner_plans as p', 'p.id', 'r.plan_id')
        .innerJoin('currencies as c', 'c.id', 'r.currency_id')
        .leftJoin('users as u', 'u.id', 'r.client_user_id')
        .select(['r.id', 'r.kind', 'r.level', 'r.client_user_id', 'u.first_name', 'u.second_name', 'r.plan_id', 'p.name as plan_name', 'r.rate', 'r.inputs', 'r.amount', 'c.code', 'c.precision', 'r.source_at', 'r.created_at'])
        .where('r.partner_id', '=', partnerId);
      if (kind) query = query.where('r.kind', '=', kind);
      if (client !== undefined) query = query.where('r.client_user_id', '=', client);
      const total = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      if (before !== undefined) query = query.where('r.id', '<', before);
      const rows = await query.orderBy('r.id', 'desc').limit(per_page + 1).execute();
      const data: RewardLine[] = rows.slice(0, per_page).map((r) => ({
        id: r.id,
        kind: r.kind,
        level: r.level === 2 ? 2 : 1,
        client: r.client_user_id !== null && r.first_name !== null ? { id: r.client_user_id, name: fullName({ first_name: r.first_name, second_name: r.second_name ?? '' }) } : null,
        plan: { id: r.plan_id, name: r.plan_name },
        rate: Number(r.rate),
        inputs: JSON.parse(r.inputs) as RewardInputs,
        amount: Number(r.amount),
        currency: r.code,
        precision: r.precision,
        source_at: r.source_at,
        credited_at: r.created_at,
      }));
      return { data, next_before: rows.length > per_page ? data.at(-1)!.id : null, total: Number(total.n) };
    },

    async clients(partnerId) {
      const partner = await db.selectFrom('partners').select('show_emails').where('id', '=', partnerId).executeTakeFirstOrThrow();
      const currency = await walletCurrency(partnerId);
      const [rows, totals] = await Promise.all([clientRows(partnerId), rewardsPerClient(partnerId)]);
      const since = rows.reduce((min, r) => (r.attributed_at < min ? r.attributed_at : min), clock().toISOString());
      const traded = await tradedVolume(db, platform, rows.map((r) => r.id), { from: new Date(since), to: endOfToday(clock()) });
      return {
        currency: currency.code,
        precision: currency.precision,
        clients: rows.map((r) => ({
          id: r.id,
          name: fullName(r),
          email: partner.show_emails === 1 ? r.email : maskEmail(r.email),
          registered_at: r.created_at,
          verified: r.verified,
          funded: r.funded,
          volume_lots: traded.perClient.get(r.id) ?? 0,
          rewards: totals.get(r.id) ?? 0,
          link: { id: r.link_id, campaign: r.campaign },
        })),
      };
    },

    async stats(partnerId, period, linkId) {
      const now = clock();
      const since = period === 'all' ? undefined : new Date(now.getTime() - PARTNER_PERIOD_DAYS[period] * DAY_MS).toISOString();
      const partner = await db.selectFrom('partners').select('created_at').where('id', '=', partnerId).executeTakeFirstOrThrow();
      const from = since ?? partner.created_at;
      const currency = await walletCurrency(partnerId);
      let links = db.selectFrom('partner_links').select(['id', 'campaign', 'code']).where('partner_id', '=', partnerId).orderBy('id', 'desc');
      if (linkId !== undefined) links = links.where('id', '=', linkId);
      const linkRows = await links.execute();
      let clicks = db
        .selectFrom('partner_clicks as c')
        .innerJoin('partner_links as l', 'l.id', 'c.link_id')
        .select(['c.link_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('l.partner_id', '=', partnerId)
        .groupBy('c.link_id');
      if (since !== undefined) clicks = clicks.where('c.created_at', '>=', since);
      const clicksOf = new Map((await clicks.execute()).map((r) => [r.link_id, Number(r.n)]));
      // Activity in the period of every client a link brought, whenever they registered; registrations in the period only.
      const all = await clientRows(partnerId, linkId);
      const [rewards, traded] = await Promise.all([rewardsPerClient(partnerId, since), tradedVolume(db, platform, all.map((c) => c.id), { from: new Date(from), to: endOfToday(now) })]);
      const rows: PartnerStatsRow[] = linkRows.map((link) => {
        const theirs = all.filter((c) => c.link_id === link.id);
        const own = since === undefined ? theirs : theirs.filter((c) => c.attributed_at >= since);
        return {
          link,
          clicks: clicksOf.get(link.id) ?? 0,
          registrations: own.length,
          verified: own.filter((c) => c.verified).length,
          funded: own.filter((c) => c.funded).length,
          volume_lots: Math.round(theirs.reduce((acc, c) => acc + (traded.perClient.get(c.id) ?? 0), 0) * 100) / 100,
          rewards: theirs.reduce((acc, c) => acc + (rewards.get(c.id) ?? 0), 0),
        };
      });
      let level2 = db.selectFrom('partner_rewards').select((eb) => eb.fn.sum<string | number>('amount').as('n')).where('partner_id', '=', partnerId).where('level', '=', 2);
      if (since !== undefined) level2 = level2.where('source_at', '>=', since);
      const totals: PartnerStatsRow = {
        link: null,
        clicks: rows.reduce((a, r) => a + r.clicks, 0),
        registrations: rows.reduce((a, r) => a + r.registrations, 0),
        verified: rows.reduce((a, r) => a + r.verified, 0),
        funded: rows.reduce((a, r) => a + r.funded, 0),
        volume_lots: Math.round(rows.reduce((a, r) => a + r.volume_lots, 0) * 100) / 100,
        rewards: rows.reduce((a, r) => a + r.rewards, 0) + (linkId === undefined ? sum(await level2.execute()) : 0),
      };
      const daily = await dailySeries(db, partnerId, { from, to: now.toISOString(), linkId }, traded.perDay);
      return { period, from: since ?? null, to: now.toISOString(), currency: currency.code, precision: currency.precision, totals, links: rows, daily };
    },

    async subPartners(partnerId) {
      const rows = await db
        .selectFrom('partners as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.created_at', 'u.first_name', 'u.second_name'])
        .where('p.parent_id', '=', partnerId)
        .orderBy('p.id', 'desc')
        .execute();
      const result: SubPartner[] = [];
      for (const row of rows) {
        const clients = await db.selectFrom('partner_attributions').select((eb) => eb.fn.countAll<string | number>().as('n')).where('partner_id', '=', row.id).where('state', '=', 'counted').execute();
        const theirs = await db.selectFrom('partner_rewards').select((eb) => eb.fn.sum<string | number>('amount').as('n')).where('partner_id', '=', row.id).where('level', '=', 1).execute();
        const mine = await db
          .selectFrom('partner_rewards as r')
          .innerJoin('partner_rewards as child', 'child.id', 'r.parent_reward_id')
          .select((eb) => eb.fn.sum<string | number>('r.amount').as('n'))
          .where('r.partner_id', '=', partnerId)
          .where('child.partner_id', '=', row.id)
          .execute();
        result.push({ id: row.id, name: fullName(row), since: row.created_at, clients: sum(clients), their_rewards: sum(theirs), my_share: sum(mine) });
      }
      return result;
    },
  };
}
