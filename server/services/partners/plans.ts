import type { Selectable } from 'kysely';
import type { InstrumentGroup, PartnerPlan } from '../../../contract/partners.ts';
import type { PartnerPlanBody } from '../../../contract/partners.schema.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db, PartnerPlansTable } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { fail } from '../rule-error.ts';
import { NotFoundError } from '../service-errors.ts';

/** Reward plans, and which plan a partner is on at a given time (plan changes apply from their day on). */

/** A plan's row (its table's columns, server/db/schema.ts) with its currency's code and digits. */
export type PlanRow = Selectable<PartnerPlansTable> & { currency_code: string; currency_precision: number };

export const planQuery = (db: Db) =>
  db
    .selectFrom('partner_plans as p')
    .innerJoin('currencies as c', 'c.id', 'p.currency_id')
    .select([
      'p.id',
      'p.name',
      'p.currency_id',
      'c.code as currency_code',
      'c.precision as currency_precision',
      'p.cpa_threshold',
      'p.cpa_amount',
      'p.rate_forex',
      'p.rate_metals',
      'p.rate_indices',
      'p.rate_crypto',
      'p.second_level_bps',
      'p.auto_approve',
      'p.is_default',
      'p.created_at',
      'p.updated_at',
    ]);

export function lotRate(plan: PlanRow, group: InstrumentGroup): number {
  switch (group) {
    case 'forex':
      return Number(plan.rate_forex);
    case 'metals':
      return Number(plan.rate_metals);
    case 'indices':
      return Number(plan.rate_indices);
    case 'crypto':
      return Number(plan.rate_crypto);
  }
}

export function toPlan(row: PlanRow): PartnerPlan {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency_code,
    precision: row.currency_precision,
    cpa_threshold: Number(row.cpa_threshold),
    cpa_amount: Number(row.cpa_amount),
    lot_rates: { forex: Number(row.rate_forex), metals: Number(row.rate_metals), indices: Number(row.rate_indices), crypto: Number(row.rate_crypto) },
    second_level_bps: row.second_level_bps,
    auto_approve: row.auto_approve === 1,
    is_default: row.is_default === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The UTC day of an ISO time. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * The plan in force for `partnerId` at `at` (ISO): the assignment with the latest `effective_from`
 * on or before that day (the later assignment of one day wins). Null before the first assignment.
 */
export async function planAt(db: Db, partnerId: number, at: string): Promise<PlanRow | null> {
  const assignment = await db
    .selectFrom('partner_plan_assignments')
    .select('plan_id')
    .where('partner_id', '=', partnerId)
    .where('effective_from', '<=', dayOf(at))
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!assignment) return null;
  return (await planQuery(db).where('p.id', '=', assignment.plan_id).executeTakeFirst()) ?? null;
}

/** The assignment after today, if staff set one from a later day. */
export async function nextAssignment(db: Db, partnerId: number, today: string): Promise<{ plan: PlanRow; effective_from: string } | null> {
  const row = await db
    .selectFrom('partner_plan_assignments')
    .select(['plan_id', 'effective_from'])
    .where('partner_id', '=', partnerId)
    .where('effective_from', '>', today)
    .orderBy('effective_from', 'asc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const plan = await planQuery(db).where('p.id', '=', row.plan_id).executeTakeFirstOrThrow();
  return { plan, effective_from: row.effective_from };
}

export interface PlanService {
  list(): Promise<PartnerPlan[]>;
  create(body: PartnerPlanBody): Promise<PartnerPlan>;
  update(id: number, body: PartnerPlanBody): Promise<PartnerPlan>;
  /** The plan `id`, or the default plan; 422 on `field` when there is none. */
  pick(db: Db, id: number | undefined, field: string): Promise<PlanRow>;
  automatic(db: Db): Promise<PlanRow | null>;
}

export function createPlanService({ db, clock }: { db: Db; clock: Clock }): PlanService {
  async function currencyId(code: string): Promise<number> {
    const row = await db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirst();
    if (!row) fail('currency', 'exists');
    return row.id;
  }

  const columns = (body: PartnerPlanBody) => ({
    name: body.name.trim(),
    cpa_threshold: body.cpa_threshold,
    cpa_amount: body.cpa_amount,
    rate_forex: body.lot_rates.forex,
    rate_metals: body.lot_rates.metals,
    rate_indices: body.lot_rates.indices,
    rate_crypto: body.lot_rates.crypto,
    second_level_bps: body.second_level_bps,
    auto_approve: body.auto_approve ? 1 : 0,
    is_default: body.is_default ? 1 : 0,
  });

  /** One default plan and one automatic plan at most: setting a flag takes it from the other plans. */
  async function clearFlags(trx: Db, body: PartnerPlanBody, except: number | null) {
    for (const flag of ['is_default', 'auto_approve'] as const) {
      if (!(flag === 'is_default' ? body.is_default : body.auto_approve)) continue;
      let query = trx.updateTable('partner_plans').set({ [flag]: 0 }).where(flag, '=', 1);
      if (except !== null) query = query.where('id', '<>', except);
      await query.execute();
    }
  }

  const read = async (id: number) => toPlan(await planQuery(db).where('p.id', '=', id).executeTakeFirstOrThrow());

  return {
    async list() {
      return (await planQuery(db).orderBy('p.id').execute()).map(toPlan);
    },

    async create(body) {
      const currency_id = await currencyId(body.currency);
      const now = clock().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        await clearFlags(trx, body, null);
        const row = await trx
          .insertInto('partner_plans')
          .values({ ...columns(body), currency_id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) fail('is_default', 'unique');
            throw error;
          });
        return row.id;
      });
      return read(id);
    },

    async update(id, body) {
      const existing = await planQuery(db).where('p.id', '=', id).executeTakeFirst();
      if (!existing) throw new NotFoundError('plan');
      // The wallets of the partners on it are in its currency: it is fixed once made.
      if (existing.currency_code !== body.currency) fail('currency', 'same_currency');
      await db.transaction().execute(async (trx) => {
        await clearFlags(trx, body, id);
        await trx.updateTable('partner_plans').set({ ...columns(body), updated_at: clock().toISOString() }).where('id', '=', id).execute();
      });
      return read(id);
    },

    async pick(trx, id, field) {
      const query = planQuery(trx);
      const row = await (id === undefined ? query.where('p.is_default', '=', 1) : query.where('p.id', '=', id)).executeTakeFirst();
      if (!row) fail(field, 'exists');
      return row;
    },

    async automatic(trx) {
      return (await planQuery(trx).where('p.auto_approve', '=', 1).executeTakeFirst()) ?? null;
    },
  };
}
