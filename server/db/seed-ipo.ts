import { LOCALES } from '../../contract/locales.ts';
import { DEMO_ALLOCATION, DEMO_OFFERINGS } from './content/ipo-offerings.ts';
import type { Db } from './schema.ts';

const DAY = 86_400_000;
const LIFECYCLE: Record<string, string[]> = {
  announced: ['announced'],
  open: ['announced', 'open'],
  allocated: ['announced', 'open', 'closed', 'priced', 'allocated'],
};
const EVENTS: Record<string, string> = {
  announced: 'offering.announce',
  open: 'offering.open',
  closed: 'offering.close',
  priced: 'offering.price',
  allocated: 'offering.allocate',
};

/**
 * The demo's IPO offerings (content/ipo-offerings.ts) when there are none: one open, one announced
 * and one allocated a month ago, in which the demo client holds an allocation (its ledger entry of
 * kind `ipo` is one of the client's seeded entries, seed-trading.ts). Their lifecycle steps are
 * recorded as staff would have made them.
 */
export async function seedIpo(db: Db, now: Date): Promise<number> {
  if (await db.selectFrom('ipo_offerings').select('id').limit(1).executeTakeFirst()) return 0;
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const staff = await db.selectFrom('users').select('id').where('email', '=', 'admin@traderoom.test').executeTakeFirst();
  const client = await db.selectFrom('users').select('id').where('email', '=', 'client@traderoom.test').executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    for (const offering of DEMO_OFFERINGS) {
      const currency = await trx.selectFrom('currencies').select('id').where('code', '=', offering.currency).executeTakeFirstOrThrow();
      const created = at(offering.opensIn - 10);
      const allocatedAt = offering.state === 'allocated' ? at(offering.allocationIn) : null;
      const { id } = await trx
        .insertInto('ipo_offerings')
        .values({
          company: offering.company,
          ticker: offering.ticker,
          prospectus_url: null,
          currency_id: currency.id,
          price_min: offering.priceMin,
          price_max: offering.priceMax,
          final_price: offering.finalPrice,
          shares_offered: offering.shares,
          min_application: offering.minApplication,
          max_application: offering.maxApplication,
          opens_at: at(offering.opensIn),
          closes_at: at(offering.closesIn),
          allocation_at: at(offering.allocationIn),
          lockup_days: offering.lockupDays,
          state: offering.state,
          reconfirm_until: null,
          per_client_max: null,
          allocated_at: allocatedAt,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ipo_offering_translations')
        .values(LOCALES.map((lang) => ({ offering_id: id, lang, ...offering.texts[lang] })))
        .execute();
      const steps = [{ from: null as string | null, to: 'draft', event: 'created', when: created }];
      const stepDays: Record<string, number> = { announced: offering.opensIn - 7, open: offering.opensIn, closed: offering.closesIn, priced: offering.closesIn + 1, allocated: offering.allocationIn };
      for (const to of LIFECYCLE[offering.state] ?? []) steps.push({ from: steps.at(-1)!.to, to, event: EVENTS[to]!, when: at(Math.min(stepDays[to]!, 0)) });
      await trx
        .insertInto('lifecycle_events')
        .values(steps.map((s) => ({ kind: 'ipo_offering' as const, object_id: id, from_state: s.from, to_state: s.to, event: s.event, actor_id: staff?.id ?? null, actor_role: 'staff' as const, reason: null, expected_at: null, created_at: s.when })))
        .execute();

      if (offering.ticker === DEMO_ALLOCATION.ticker && client) {
        const entry = await trx.selectFrom('ledger_entries').select(['id', 'account_id']).where('user_id', '=', client.id).where('kind', '=', 'ipo').executeTakeFirst();
        if (!entry) continue;
        const price = offering.finalPrice ?? offering.priceMax;
        await trx
          .insertInto('ipo_applications')
          .values({
            offering_id: id,
            user_id: client.id,
            account_id: entry.account_id,
            amount: DEMO_ALLOCATION.amount,
            held: 0,
            status: 'allocated',
            requested_shares: DEMO_ALLOCATION.requestedShares,
            allocated_shares: DEMO_ALLOCATION.allocatedShares,
            allocated_amount: DEMO_ALLOCATION.allocatedShares * price,
            ledger_entry_id: entry.id,
            created_at: at(offering.opensIn + 1),
            updated_at: allocatedAt ?? created,
          })
          .execute();
        await trx.insertInto('ipo_appropriateness').values({ user_id: client.id, passed: 1, wrong: '', taken_at: at(offering.opensIn + 1) }).execute();
      }
    }
    return DEMO_OFFERINGS.length;
  });
}
