import { sql } from 'kysely';
import { REWARD_KINDS, type PartnerStatsDay, type RewardKind } from '../../../contract/partners.ts';
import type { Db } from '../../db/schema.ts';

/**
 * The statistics' daily series (docs/adr/0099): rewards by kind, registrations and first deposits
 * summed per UTC day by the database (GROUP BY the day of an ISO text time, the same on SQLite and
 * PostgreSQL), the traded lots per day from the platform (traded.ts), every day of the period filled.
 */

const DAY_MS = 86_400_000;
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

export async function dailySeries(db: Db, partnerId: number, range: { from: string; to: string; linkId?: number | undefined }, volumes: ReadonlyMap<string, number>): Promise<PartnerStatsDay[]> {
  const { from, to, linkId } = range;
  let rewards = db
    .selectFrom('partner_rewards as r')
    .select([dayOf('r.source_at').as('day'), 'r.kind', (eb) => eb.fn.sum<string | number>('r.amount').as('n')])
    .where('r.partner_id', '=', partnerId)
    .where('r.source_at', '>=', from)
    .groupBy([dayOf('r.source_at'), 'r.kind']);
  // A link's row earns what its clients brought at the first level, as in the link's statistics row.
  if (linkId !== undefined)
    rewards = rewards.where('r.level', '=', 1).where((eb) => eb.exists(eb.selectFrom('partner_attributions as t').select('t.id').whereRef('t.user_id', '=', 'r.client_user_id').where('t.partner_id', '=', partnerId).where('t.link_id', '=', linkId)));

  let registrations = db
    .selectFrom('partner_attributions as t')
    .select([dayOf('t.created_at').as('day'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('t.partner_id', '=', partnerId)
    .where('t.state', '=', 'counted')
    .where('t.created_at', '>=', from)
    .groupBy(dayOf('t.created_at'));
  if (linkId !== undefined) registrations = registrations.where('t.link_id', '=', linkId);

  // Each counted client's first completed live deposit, then those per day.
  let firsts = db
    .selectFrom('partner_attributions as t')
    .innerJoin('ledger_entries as e', 'e.user_id', 't.user_id')
    .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
    .select(['t.user_id', (eb) => eb.fn.min<string>(eb.fn.coalesce('e.decided_at', 'e.created_at')).as('first_at')])
    .where('t.partner_id', '=', partnerId)
    .where('t.state', '=', 'counted')
    .where('e.kind', '=', 'deposit')
    .where('e.status', '=', 'completed')
    .where('a.type', '=', 'live')
    .groupBy('t.user_id');
  if (linkId !== undefined) firsts = firsts.where('t.link_id', '=', linkId);
  const funded = db
    .selectFrom(firsts.as('f'))
    .select([dayOf('f.first_at').as('day'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('f.first_at', '>=', from)
    .groupBy(dayOf('f.first_at'));

  const [rewardRows, registrationRows, fundedRows] = await Promise.all([rewards.execute(), registrations.execute(), funded.execute()]);
  const days = new Map<string, PartnerStatsDay>();
  const first = from.slice(0, 10);
  const last = to.slice(0, 10);
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.set(day, { day, rewards: Object.fromEntries(REWARD_KINDS.map((k) => [k, 0])) as Record<RewardKind, number>, registrations: 0, funded: 0, volume_lots: volumes.get(day) ?? 0 });
  }
  for (const r of rewardRows) {
    const day = days.get(r.day);
    if (day) day.rewards[r.kind] += Number(r.n);
  }
  for (const r of registrationRows) {
    const day = days.get(r.day);
    if (day) day.registrations = Number(r.n);
  }
  for (const r of fundedRows) {
    const day = days.get(r.day);
    if (day) day.funded = Number(r.n);
  }
  return [...days.values()];
}
