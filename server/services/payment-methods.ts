import { PAYMENT_DIRECTIONS, type PaymentDirection, type PaymentMethod } from '../../contract/payments.ts';
import type { CreatePaymentMethodBody, UpdatePaymentMethodBody } from '../../contract/payments.schema.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { fail } from './rule-error.ts';

/** The catalogue of how money reaches an account and leaves it, per currency; staff keep it. */
export interface PaymentMethodService {
  /** Enabled methods of a currency (by code), for one direction when given; in the catalogue's order. */
  enabled(currency: string, direction?: PaymentDirection): Promise<PaymentMethod[]>;
  /** Staff: every method, enabled or not. */
  all(): Promise<PaymentMethod[]>;
  find(id: number): Promise<PaymentMethod | undefined>;
  create(body: CreatePaymentMethodBody): Promise<PaymentMethod>;
  /** Null when there is no such method. */
  update(id: number, body: UpdatePaymentMethodBody): Promise<PaymentMethod | null>;
}

export function methodQuery(db: Db) {
  return db
    .selectFrom('payment_methods as m')
    .innerJoin('currencies as c', 'c.id', 'm.currency_id')
    .select([
      'm.id',
      'm.kind',
      'm.name',
      'c.code as currency',
      'c.precision',
      'm.directions',
      'm.fee_bps',
      'm.fee_fixed',
      'm.min_amount',
      'm.max_amount',
      'm.eta_hours',
      'm.enabled',
    ]);
}

type MethodRow = Awaited<ReturnType<ReturnType<typeof methodQuery>['executeTakeFirstOrThrow']>>;

export function toPaymentMethod(row: MethodRow): PaymentMethod {
  return {
    ...row,
    directions: PAYMENT_DIRECTIONS.filter((d) => row.directions.split(',').includes(d)),
    fee_fixed: Number(row.fee_fixed),
    min_amount: Number(row.min_amount),
    max_amount: row.max_amount === null ? null : Number(row.max_amount),
    enabled: row.enabled === 1,
  };
}

/** Enabled methods of a currency (by code), for one direction when given, on `db` (a transaction's too). */
export async function enabledMethods(db: Db, currency: string, direction?: PaymentDirection): Promise<PaymentMethod[]> {
  const rows = await methodQuery(db).where('c.code', '=', currency.toUpperCase()).where('m.enabled', '=', 1).orderBy('m.id').execute();
  return rows.map(toPaymentMethod).filter((m) => direction === undefined || m.directions.includes(direction));
}

/** The order the catalogue shows: directions stored in the contract's order, so the same set reads the same. */
const directionsText = (directions: readonly PaymentDirection[]) => PAYMENT_DIRECTIONS.filter((d) => directions.includes(d)).join(',');

export function createPaymentMethodService({ db, clock }: { db: Db; clock: Clock }): PaymentMethodService {
  const find = async (id: number) => {
    const row = await methodQuery(db).where('m.id', '=', id).executeTakeFirst();
    return row && toPaymentMethod(row);
  };

  function checkLimits(min: number, max: number | null): void {
    if (max !== null && max < min) fail('max_amount', 'min_numeric', { limit: min });
  }

  return {
    enabled: (currency, direction) => enabledMethods(db, currency, direction),

    async all() {
      return (await methodQuery(db).orderBy('c.id').orderBy('m.id').execute()).map(toPaymentMethod);
    },

    find,

    async create(body) {
      const currency = await db.selectFrom('currencies').select('id').where('code', '=', body.currency.toUpperCase()).executeTakeFirst();
      if (!currency) fail('currency', 'exists');
      checkLimits(body.min_amount, body.max_amount);
      const now = clock().toISOString();
      const { id } = await db
        .insertInto('payment_methods')
        .values({
          kind: body.kind,
          name: body.name,
          currency_id: currency.id,
          directions: directionsText(body.directions),
          fee_bps: body.fee_bps,
          fee_fixed: body.fee_fixed,
          min_amount: body.min_amount,
          max_amount: body.max_amount,
          eta_hours: body.eta_hours,
          enabled: body.enabled ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (await find(id))!;
    },

    async update(id, body) {
      const current = await find(id);
      if (!current) return null;
      checkLimits(body.min_amount ?? current.min_amount, body.max_amount === undefined ? current.max_amount : body.max_amount);
      const { directions, enabled, ...rest } = body;
      const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
      await db
        .updateTable('payment_methods')
        .set({
          ...changes,
          ...(directions ? { directions: directionsText(directions) } : {}),
          ...(enabled !== undefined ? { enabled: enabled ? 1 : 0 } : {}),
          updated_at: clock().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return (await find(id))!;
    },
  };
}
