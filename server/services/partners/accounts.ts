import type { AdminPartner, Partner } from '../../../contract/partners.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';
import { fail } from '../rule-error.ts';
import { PartnerRefused } from './errors.ts';
import { dayOf, nextAssignment, planAt, planQuery, type PlanRow, toPlan } from './plans.ts';
import { toWallet, walletQuery } from './wallet.ts';

/** Partners themselves: made (with their wallet and first plan), found, listed for staff. */

export const fullName = (u: { first_name: string; second_name: string }) => `${u.first_name} ${u.second_name}`.trim();

export interface PartnerRow {
  id: number;
  user_id: number;
  parent_id: number | null;
  show_emails: number;
  created_at: string;
}

export async function partnerOfUser(db: Db, userId: number): Promise<PartnerRow | null> {
  return (await db.selectFrom('partners').select(['id', 'user_id', 'parent_id', 'show_emails', 'created_at']).where('user_id', '=', userId).executeTakeFirst()) ?? null;
}

/**
 * Makes `userId` a partner on `plan` from today, with a wallet in the plan's currency. The parent
 * (second level) is the partner the user was attributed to, if that attribution counts. Refused
 * when the user is a partner already (the unique user_id also settles a race).
 */
export async function createPartner(trx: Db, userId: number, plan: PlanRow, by: number | null, now: string): Promise<number> {
  if (await partnerOfUser(trx, userId)) throw new PartnerRefused('already_partner');
  const attribution = await trx.selectFrom('partner_attributions').select('partner_id').where('user_id', '=', userId).where('state', '=', 'counted').executeTakeFirst();
  let id: number;
  try {
    ({ id } = await trx
      .insertInto('partners')
      .values({ user_id: userId, parent_id: attribution?.partner_id ?? null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw new PartnerRefused('already_partner');
    throw error;
  }
  await trx.insertInto('partner_wallets').values({ partner_id: id, currency_id: plan.currency_id, balance: 0, updated_at: now }).execute();
  await trx.insertInto('partner_plan_assignments').values({ partner_id: id, plan_id: plan.id, effective_from: dayOf(now), created_by: by, created_at: now }).execute();
  return id;
}

/** The partner as its owner sees it, at `now`. */
export async function partnerView(db: Db, partner: PartnerRow, now: string): Promise<Partner> {
  const plan = await planAt(db, partner.id, now);
  // Made today with an assignment from today: there is always one; a plan from a later day only if staff set one.
  const current = plan ?? (await nextAssignment(db, partner.id, '0000-00-00'))!.plan;
  const next = await nextAssignment(db, partner.id, dayOf(now));
  const wallet = await walletQuery(db).where('w.partner_id', '=', partner.id).executeTakeFirstOrThrow();
  const parent = partner.parent_id === null ? null : await parentOf(db, partner.parent_id);
  return {
    id: partner.id,
    since: partner.created_at,
    plan: toPlan(current),
    next_plan: next ? { plan: toPlan(next.plan), effective_from: next.effective_from } : null,
    wallet: toWallet({ ...wallet, balance: Number(wallet.balance) }),
    parent,
    show_emails: partner.show_emails === 1,
  };
}

async function parentOf(db: Db, partnerId: number): Promise<{ id: number; name: string }> {
  const row = await db
    .selectFrom('partners as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'u.first_name', 'u.second_name'])
    .where('p.id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: fullName(row) };
}

/** Every partner as staff see them (or one, with `id`). */
export async function adminPartners(db: Db, now: string, id?: number): Promise<AdminPartner[]> {
  let query = db
    .selectFrom('partners as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'p.parent_id', 'p.show_emails', 'p.created_at', 'u.first_name', 'u.second_name', 'u.email'])
    .orderBy('p.id', 'desc');
  if (id !== undefined) query = query.where('p.id', '=', id);
  const rows = await query.execute();
  const result: AdminPartner[] = [];
  for (const row of rows) {
    const view = await partnerView(db, row, now);
    const clients = await db
      .selectFrom('partner_attributions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('partner_id', '=', row.id)
      .where('state', '=', 'counted')
      .executeTakeFirstOrThrow();
    result.push({
      id: row.id,
      user: { id: row.user_id, name: fullName(row), email: row.email },
      since: row.created_at,
      plan: { id: view.plan.id, name: view.plan.name },
      next_plan: view.next_plan ? { id: view.next_plan.plan.id, name: view.next_plan.plan.name, effective_from: view.next_plan.effective_from } : null,
      parent: view.parent,
      clients: Number(clients.n),
      wallet: view.wallet,
      show_emails: view.show_emails,
    });
  }
  return result;
}

/** Staff put a partner on another plan from `effectiveFrom` (a UTC day, today or later). */
export async function assignPlan(db: Db, partnerId: number, planId: number, effectiveFrom: string, by: number, now: string): Promise<void> {
  const wallet = await walletQuery(db).where('w.partner_id', '=', partnerId).executeTakeFirst();
  if (!wallet) fail('partner', 'exists');
  const plan = await planQuery(db).where('p.id', '=', planId).executeTakeFirst();
  if (!plan) fail('plan_id', 'exists');
  // The wallet holds one currency: a plan in another would pay into it in the wrong unit.
  if (plan.currency_id !== wallet.currency_id) fail('plan_id', 'same_currency');
  if (effectiveFrom < dayOf(now)) fail('effective_from', 'after_now');
  await db.insertInto('partner_plan_assignments').values({ partner_id: partnerId, plan_id: planId, effective_from: effectiveFrom, created_by: by, created_at: now }).execute();
}
