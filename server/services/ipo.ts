import { sql } from 'kysely';
import {
  allocateProRata,
  IPO_HOLDING_STATUSES,
  IPO_RECONFIRM_HOURS_DEFAULT,
  IPO_TEST_QUESTIONS,
  IPO_TEST_RETAKE_HOURS,
  lockupEnd,
  needsReconfirmation,
  type AdminIpoOffering,
  type IpoAllocationPreview,
  type IpoApplication,
  type IpoAppropriateness,
  type IpoOffering,
  type IpoOfferingView,
  type IpoStaffTimeline,
  type IpoTestQuestionId,
  type IpoTexts,
} from '../../contract/ipo.ts';
import type { IpoOfferingBody } from '../../contract/ipo.schema.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/locales.ts';
import { parseAmount } from '../../contract/money.ts';
import { toId } from '../../contract/ids.ts';
import { ipoOfferingMachine, type IpoOfferingEvent } from '../../machines/ipo-offering/ipo-offering.machine.ts';
import type { IpoPayload } from '../../contract/notifications.ts';
import type { Db } from '../db/schema.ts';
import type { TradingPlatform } from '../platform/port.ts';
import { heldSince, ledgerMark, recomputeBalance, withdrawable } from './balances.ts';
import type { Clock } from './clock.ts';
import type { LifecycleDefinition, Lifecycles } from './lifecycle.ts';
import type { Notify } from './notifications.ts';
import { onPlatform, translatePlatformError } from './platform-errors.ts';
import { referenceFor } from './references.ts';
import { RuleError, type RuleFailure } from './rule-error.ts';
import { NotFoundError } from './service-errors.ts';
import { accountQuery, type AccountRow } from './trading-accounts.ts';
import { forUpdate } from './transactions.ts';

/** An offering's lifecycle: its machine, stored in `ipo_offerings.state` (docs/adr/0082). */
export const ipoOfferingLifecycle = {
  kind: 'ipo_offering',
  machine: ipoOfferingMachine,
  table: 'ipo_offerings',
  column: 'state',
} as const satisfies LifecycleDefinition<typeof ipoOfferingMachine>;

/** The right answer of each appropriateness question; the app holds only the questions. */
const RIGHT_ANSWERS: Record<IpoTestQuestionId, string> = {
  allocation: 'partial',
  price: 'range',
  lockup: 'insiders_wait',
  risk: 'can_lose',
};

/** Why an application step is refused, answered 409 with `ipo.<reason>` (http/ipo.ts). */
export type IpoRefusalReason = 'window_closed' | 'test_required' | 'test_not_yet' | 'already_applied' | 'not_reconfirmable';
export class IpoRefused extends Error {
  override name = 'IpoRefused';
  constructor(
    readonly reason: IpoRefusalReason,
    /** For `test_not_yet`: when the test may be taken again. */
    readonly at: string | null = null,
  ) {
    super(reason);
  }
}

export type IpoStep = 'offering.announce' | 'offering.open' | 'offering.close' | 'offering.list' | 'offering.cancel';

/** A client's application with its offering: the portfolio's IPO holdings and the list's badges. */
export interface IpoHolding {
  application: IpoApplication;
  offering: IpoOffering;
}

export interface IpoService {
  /** Offerings clients see (announced on), newest window first, each with the caller's application. */
  list(userId: number, lang: Locale): Promise<IpoOfferingView[]>;
  /** One offering clients see and the caller's latest application in it; NotFoundError otherwise. */
  view(userId: number, offeringId: number, lang: Locale): Promise<IpoOfferingView>;
  /** The caller's applications that hold money or were allocated shares of an offering not yet listed. */
  holdings(userId: number, lang: Locale): Promise<IpoHolding[]>;
  appropriateness(userId: number): Promise<IpoAppropriateness>;
  takeTest(userId: number, answers: Record<string, string>): Promise<IpoAppropriateness>;
  apply(userId: number, offeringId: number, input: { account_id: unknown; amount: unknown }): Promise<IpoApplication>;
  change(userId: number, applicationId: number, amount: unknown): Promise<IpoApplication>;
  cancel(userId: number, applicationId: number): Promise<IpoApplication>;
  reconfirm(userId: number, applicationId: number): Promise<IpoApplication>;

  adminList(): Promise<AdminIpoOffering[]>;
  adminGet(offeringId: number): Promise<AdminIpoOffering>;
  create(staffId: number, body: IpoOfferingBody): Promise<AdminIpoOffering>;
  update(staffId: number, offeringId: number, body: IpoOfferingBody): Promise<AdminIpoOffering>;
  step(staffId: number, offeringId: number, step: IpoStep, reason?: string): Promise<AdminIpoOffering>;
  /** Sets the final price; past 20% outside the range, holding applications wait for reconfirmation until `hours` from now. */
  price(staffId: number, offeringId: number, price: unknown, hours?: number): Promise<AdminIpoOffering>;
  preview(offeringId: number, perClientMax: number | null): Promise<IpoAllocationPreview>;
  /** Allocates, takes the allocated amounts from the holds (booked on the platform), releases the rest. */
  allocate(staffId: number, offeringId: number, perClientMax: number | null): Promise<IpoAllocationPreview>;
  /** The lifecycle with the name of the staff member behind each step. */
  timeline(offeringId: number): Promise<IpoStaffTimeline>;
  /** Records an uploaded PDF as the offering's prospectus; answers the stored name it replaced (to discard), or null. */
  setProspectus(offeringId: number, file: { storageName: string; size: number; originalName: string }): Promise<string | null>;
  /** Where an offering's prospectus is, for a signed-in reader (staff see drafts too); undefined when none. */
  prospectus(offeringId: number, staff: boolean): Promise<{ storageName: string; fileName: string; size: number } | undefined>;
  /** Applications not reconfirmed by their deadline lapse and release their holds. Answers how many. */
  lapseExpired(): Promise<number>;
  /** Brings the platform's reservations to the holds where a call failed (the minute sweep). Answers how many changed. */
  syncReservations(): Promise<number>;
}

export interface IpoDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  lifecycles: Lifecycles;
  log?: { error(obj: object, msg: string): void };
  /** Tells clients of their applications' events (services/notifications.ts); none in tests that do not care. */
  notify?: Notify;
}

/**
 * The reference of an application's money on the platform: its reservation while held, then the
 * allocation's ledger entry and balance deal, which takes its money from that reservation and ends
 * it (docs/adr/0086). Derived, so every process and the sweep name the same one.
 */
export function ipoReference(application: { id: number; user_id: number }): string {
  return referenceFor('ipo', application.user_id, `application:${application.id}`);
}

type OfferingRow = Awaited<ReturnType<ReturnType<typeof offeringQuery>['executeTakeFirstOrThrow']>>;
type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['executeTakeFirstOrThrow']>>;

function offeringQuery(db: Db) {
  return db
    .selectFrom('ipo_offerings as o')
    .innerJoin('currencies as c', 'c.id', 'o.currency_id')
    .selectAll('o')
    .select(['c.code as currency_code', 'c.precision as currency_precision']);
}

function applicationQuery(db: Db) {
  return db
    .selectFrom('ipo_applications as p')
    .innerJoin('trading_accounts as a', 'a.id', 'p.account_id')
    .selectAll('p')
    .select('a.number as account_number');
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

function toOffering(row: OfferingRow, texts: IpoTexts): IpoOffering {
  return {
    id: row.id,
    company: row.company,
    ticker: row.ticker,
    description: texts.description,
    risk: texts.risk,
    prospectus_url: row.prospectus_url,
    prospectus: row.prospectus_storage && row.prospectus_name ? { file_name: row.prospectus_name, size: Number(row.prospectus_size ?? 0) } : null,
    currency: { code: row.currency_code, precision: row.currency_precision },
    price_min: Number(row.price_min),
    price_max: Number(row.price_max),
    final_price: num(row.final_price),
    shares_offered: Number(row.shares_offered),
    min_application: Number(row.min_application),
    max_application: Number(row.max_application),
    opens_at: row.opens_at,
    closes_at: row.closes_at,
    allocation_at: row.allocation_at,
    lockup_days: row.lockup_days,
    lockup_ends_at: lockupEnd(row.allocated_at ?? row.allocation_at, row.lockup_days),
    state: row.state,
    reconfirm_until: row.reconfirm_until,
    allocation_rule: row.allocation_rule,
    per_client_max: num(row.per_client_max),
    allocated_at: row.allocated_at,
  };
}

function toApplication(row: ApplicationRow): IpoApplication {
  return {
    id: row.id,
    offering_id: row.offering_id,
    account_id: row.account_id,
    account_number: row.account_number,
    amount: Number(row.amount),
    held: Number(row.held),
    status: row.status,
    requested_shares: num(row.requested_shares),
    allocated_shares: num(row.allocated_shares),
    allocated_amount: num(row.allocated_amount),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const HOLDING = [...IPO_HOLDING_STATUSES];

export function createIpoService({ db, clock, platform, lifecycles, log, notify }: IpoDeps): IpoService {
  const now = () => clock().toISOString();

  /** What every IPO notification says of the application and its offering. */
  const about = (offering: OfferingRow, application: { id: number }): IpoPayload => ({
    offering_id: offering.id,
    application_id: application.id,
    company: offering.company,
    ticker: offering.ticker,
    currency: offering.currency_code,
    precision: offering.currency_precision,
  });

  /** Tells one client after the change is stored; a notification that fails is logged, the change stands. */
  const tell: Notify = async (userId, event, payload) => {
    if (!notify) return null;
    return notify(userId, event, payload).catch((err: unknown) => {
      log?.error({ err, userId, event }, 'IPO: notification not delivered');
      return null;
    });
  };

  /** Tells each client whose application lapsed (released `amount`). */
  async function tellLapsed(rows: ReadonlyArray<{ id: number; user_id: number; offering_id: number; amount: number | string }>): Promise<void> {
    const offerings = new Map<number, OfferingRow>();
    for (const row of rows) {
      let offering = offerings.get(row.offering_id);
      if (!offering) offerings.set(row.offering_id, (offering = await anyOffering(row.offering_id)));
      await tell(row.user_id, 'ipo.lapsed', { ...about(offering, row), released: Number(row.amount) });
    }
  }

  async function textsOf(ids: number[]): Promise<Map<number, Record<string, IpoTexts>>> {
    const texts = new Map<number, Record<string, IpoTexts>>();
    if (ids.length === 0) return texts;
    const rows = await db.selectFrom('ipo_offering_translations').selectAll().where('offering_id', 'in', ids).execute();
    for (const row of rows) texts.set(row.offering_id, { ...texts.get(row.offering_id), [row.lang]: { description: row.description, risk: row.risk } });
    return texts;
  }

  const inLang = (all: Record<string, IpoTexts> | undefined, lang: Locale): IpoTexts => all?.[lang] ?? all?.[DEFAULT_LOCALE] ?? { description: '', risk: '' };

  async function visibleOffering(offeringId: number): Promise<OfferingRow> {
    const row = await offeringQuery(db).where('o.id', '=', offeringId).where('o.state', '<>', 'draft').executeTakeFirst();
    if (!row) throw new NotFoundError();
    return row;
  }

  async function anyOffering(offeringId: number, trx: Db = db): Promise<OfferingRow> {
    const row = await offeringQuery(trx).where('o.id', '=', offeringId).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return row;
  }

  /** The caller's own application; another client's reads as missing. */
  async function ownApplication(userId: number, applicationId: number, trx: Db = db): Promise<ApplicationRow> {
    const row = await applicationQuery(trx).where('p.id', '=', applicationId).where('p.user_id', '=', userId).executeTakeFirst();
    if (!row) throw new NotFoundError();
    return row;
  }

  const applicationBody = async (id: number) => toApplication(await applicationQuery(db).where('p.id', '=', id).executeTakeFirstOrThrow());

  /** Applying, changing and cancelling: while the offering is open and before its closing time. */
  function windowOpen(offering: OfferingRow): boolean {
    return offering.state === 'open' && Date.parse(offering.closes_at) > clock().getTime();
  }

  async function requirePassed(userId: number): Promise<void> {
    const row = await db.selectFrom('ipo_appropriateness').select('passed').where('user_id', '=', userId).executeTakeFirst();
    if (row?.passed !== 1) throw new IpoRefused('test_required');
  }

  function amountOf(offering: OfferingRow, input: unknown): number {
    const money = { currency: offering.currency_code, precision: offering.currency_precision };
    const parsed = parseAmount(input, offering.currency_precision);
    if (!parsed.ok) {
      const rule = parsed.problem === 'max' ? 'max_amount' : parsed.problem;
      throw new RuleError([{ field: 'amount', rule, ...(rule === 'decimal' ? { limit: offering.currency_precision } : {}), ...(rule === 'max_amount' ? { money: { ...money, minor: Number(offering.max_application) } } : {}) }]);
    }
    if (parsed.minor < Number(offering.min_application)) throw new RuleError([{ field: 'amount', rule: 'min_application', money: { ...money, minor: Number(offering.min_application) } }]);
    if (parsed.minor > Number(offering.max_application)) throw new RuleError([{ field: 'amount', rule: 'max_amount', money: { ...money, minor: Number(offering.max_application) } }]);
    return parsed.minor;
  }

  /**
   * Checks that `amount` can be held on the account besides what is held already (`ownHeld`, the
   * application's current hold when it changes). The platform's state is read first, outside any
   * transaction, with the ledger's mark before it; the check runs with the account's row locked,
   * so concurrent applications, withdrawals and transfers of the account take turns.
   */
  async function lookAt(account: AccountRow) {
    const mark = await ledgerMark(db, account.id);
    const state = await onPlatform(() => platform.state(account.number));
    return { mark, state };
  }

  async function lockAccount(trx: Db, userId: number, accountId: number): Promise<void> {
    await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', accountId).where('user_id', '=', userId)).executeTakeFirst();
  }

  async function checkFunds(trx: Db, account: AccountRow, seen: Awaited<ReturnType<typeof lookAt>>, amount: number, ownHeld: number): Promise<void> {
    const free = withdrawable(seen.state, (await heldSince(trx, account.id, seen.mark)) - ownHeld);
    if (amount > free) {
      throw new RuleError([{ field: 'amount', rule: 'insufficient_funds', money: { minor: free, currency: account.currency_code, precision: account.currency_precision } }]);
    }
  }

  async function adminView(row: OfferingRow, texts?: Record<string, IpoTexts>): Promise<AdminIpoOffering> {
    const all = texts ?? (await textsOf([row.id])).get(row.id) ?? {};
    const book = await db
      .selectFrom('ipo_applications')
      .select([sql<string | number>`count(*)`.as('count'), sql<string | number>`coalesce(sum(held), 0)`.as('demand')])
      .where('offering_id', '=', row.id)
      .where('status', 'in', HOLDING)
      .executeTakeFirstOrThrow();
    const { description: _d, risk: _r, ...offering } = toOffering(row, inLang(all, DEFAULT_LOCALE));
    return {
      ...offering,
      texts: Object.fromEntries(LOCALES.map((lang) => [lang, all[lang] ?? { description: '', risk: '' }])) as Record<Locale, IpoTexts>,
      applications: Number(book.count),
      demand: Number(book.demand),
    };
  }

  /** The offering's columns from staff's form (amounts in the currency's minor units); rule failures as 422. */
  async function columnsOf(body: IpoOfferingBody) {
    const currency = await db.selectFrom('currencies').selectAll().where('id', '=', toId(body.currency_id) ?? 0).executeTakeFirst();
    const failures: RuleFailure[] = [];
    if (!currency) failures.push({ field: 'currency_id', rule: 'exists' });
    const precision = currency?.precision ?? 2;
    const money = (field: string, value: unknown): number => {
      const parsed = parseAmount(value, precision);
      if (parsed.ok) return parsed.minor;
      failures.push({ field, rule: parsed.problem === 'max' ? 'numeric' : parsed.problem, ...(parsed.problem === 'decimal' ? { limit: precision } : {}) });
      return 0;
    };
    const columns = {
      company: body.company,
      ticker: body.ticker.toUpperCase(),
      prospectus_url: body.prospectus_url ?? null,
      currency_id: currency?.id ?? 0,
      price_min: money('price_min', body.price_min),
      price_max: money('price_max', body.price_max),
      shares_offered: body.shares_offered,
      min_application: money('min_application', body.min_application),
      max_application: money('max_application', body.max_application),
      opens_at: new Date(body.opens_at).toISOString(),
      closes_at: new Date(body.closes_at).toISOString(),
      allocation_at: new Date(body.allocation_at).toISOString(),
      lockup_days: body.lockup_days,
    };
    if (columns.price_max && columns.price_min && columns.price_max < columns.price_min) failures.push({ field: 'price_max', rule: 'out_of_order' });
    if (columns.max_application && columns.min_application && columns.max_application < columns.min_application) failures.push({ field: 'max_application', rule: 'out_of_order' });
    if (columns.closes_at <= columns.opens_at) failures.push({ field: 'closes_at', rule: 'out_of_order' });
    if (columns.allocation_at < columns.closes_at) failures.push({ field: 'allocation_at', rule: 'out_of_order' });
    if (failures.length > 0) throw new RuleError(failures);
    return columns;
  }

  async function writeTexts(trx: Db, offeringId: number, texts: IpoOfferingBody['texts']): Promise<void> {
    await trx.deleteFrom('ipo_offering_translations').where('offering_id', '=', offeringId).execute();
    await trx
      .insertInto('ipo_offering_translations')
      .values(LOCALES.map((lang) => ({ offering_id: offeringId, lang, description: texts[lang].description, risk: texts[lang].risk })))
      .execute();
  }

  /** Releases every hold of the offering's applications in `statuses`, as `to`; answers them (`amount` is what was held). */
  async function release(trx: Db, offeringId: number, statuses: Array<'active' | 'reconfirm'>, to: 'cancelled' | 'lapsed', at: string) {
    return trx
      .updateTable('ipo_applications')
      .set({ status: to, held: 0, updated_at: at })
      .where('offering_id', '=', offeringId)
      .where('status', 'in', statuses)
      .returning(['id', 'user_id', 'offering_id', 'amount'])
      .execute();
  }

  async function awaitingOf(offeringId: number): Promise<number> {
    const row = await db.selectFrom('ipo_applications').select(sql<string | number>`count(*)`.as('n')).where('offering_id', '=', offeringId).where('status', '=', 'reconfirm').executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function computeAllocation(trx: Db, offering: OfferingRow, perClientMax: number | null): Promise<IpoAllocationPreview> {
    const price = Number(offering.final_price);
    const rows = await trx
      .selectFrom('ipo_applications as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.held', 'u.first_name', 'u.second_name'])
      .where('p.offering_id', '=', offering.id)
      .where('p.status', '=', 'active')
      .orderBy('p.id')
      .execute();
    const capped = (shares: number) => (perClientMax === null ? shares : Math.min(shares, perClientMax));
    const requests = rows.map((r) => ({ id: r.id, shares: capped(Math.floor(Number(r.held) / price)) }));
    const shares = allocateProRata(requests, Number(offering.shares_offered), perClientMax);
    const lines = rows.map((r, index) => {
      const allocated = shares.get(r.id) ?? 0;
      return {
        application_id: r.id,
        client: `${r.first_name} ${r.second_name}`,
        amount: Number(r.held),
        requested_shares: requests[index]!.shares,
        allocated_shares: allocated,
        allocated_amount: allocated * price,
        released: Number(r.held) - allocated * price,
      };
    });
    return {
      rule: 'pro_rata',
      price,
      shares_offered: Number(offering.shares_offered),
      per_client_max: perClientMax,
      requested_shares: requests.reduce((sum, r) => sum + r.shares, 0),
      allocated_shares: lines.reduce((sum, l) => sum + l.allocated_shares, 0),
      lines,
    };
  }

  /** Books an allocated amount on the platform and completes its ledger entry (the sweep retries what fails). */
  async function book(entryId: number): Promise<void> {
    const entry = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('trading_accounts as a', 'a.id', 'e.account_id')
      .select(['e.id', 'e.account_id', 'e.amount', 'e.reference', 'e.status', 'a.number'])
      .where('e.id', '=', entryId)
      .executeTakeFirstOrThrow();
    if (entry.status !== 'pending') return;
    const { ticket } = await platform.balance({ login: entry.number, kind: 'ipo', amount: Number(entry.amount), reference: entry.reference });
    const state = await platform.state(entry.number).catch(() => null);
    await db.transaction().execute(async (trx) => {
      await forUpdate(trx, trx.selectFrom('trading_accounts').select('id').where('id', '=', entry.account_id)).executeTakeFirstOrThrow();
      await trx.updateTable('ledger_entries').set({ status: 'completed', platform_ticket: ticket }).where('id', '=', entry.id).where('status', '=', 'pending').execute();
      await recomputeBalance(trx, entry.account_id, now(), state);
    });
  }

  async function lapseExpired(): Promise<number> {
    const at = now();
    const lapsed = await db
      .updateTable('ipo_applications')
      .set({ status: 'lapsed', held: 0, updated_at: at })
      .where('status', '=', 'reconfirm')
      .where('offering_id', 'in', (eb) => eb.selectFrom('ipo_offerings').select('id').where('state', '=', 'priced').where('reconfirm_until', '<=', at))
      .returning(['id', 'user_id', 'offering_id', 'amount'])
      .execute();
    if (lapsed.length > 0) {
      await syncReservations();
      await tellLapsed(lapsed);
    }
    return lapsed.length;
  }

  /**
   * What the platform should set aside for an application: its hold while it holds; once allocated,
   * the allocated amount until its balance deal is booked (the deal takes it and ends it); else nothing.
   */
  function reservationTarget(row: { held: number | string; status: string; allocated_amount: number | string | null; entry_status: string | null }): number {
    if (row.status === 'allocated') return row.entry_status === 'pending' ? Number(row.allocated_amount ?? 0) : 0;
    return Number(row.held);
  }

  function reservationRows(trx: Db = db) {
    return trx
      .selectFrom('ipo_applications as p')
      .innerJoin('trading_accounts as a', 'a.id', 'p.account_id')
      .leftJoin('ledger_entries as e', 'e.id', 'p.ledger_entry_id')
      .select(['p.id', 'p.user_id', 'p.held', 'p.reserved', 'p.status', 'p.allocated_amount', 'a.number', 'e.status as entry_status']);
  }

  type ReservationRow = Awaited<ReturnType<ReturnType<typeof reservationRows>['execute']>>[number];

  /**
   * Makes the platform's reservation of an application equal its target, then records what the
   * platform confirmed. Idempotent: the platform sets an amount, it does not add one.
   */
  async function syncReservation(row: ReservationRow): Promise<boolean> {
    const target = reservationTarget(row);
    if (target === Number(row.reserved)) return false;
    await platform.reserve(row.number, ipoReference(row), target);
    await db.updateTable('ipo_applications').set({ reserved: target }).where('id', '=', row.id).execute();
    return true;
  }

  /** Brings every application whose reservation is behind its hold in step; a failure waits for the next sweep. */
  async function syncReservations(offeringId?: number): Promise<number> {
    let query = reservationRows().where((eb) => eb.or([eb('p.held', '>', 0), eb('p.reserved', '>', 0)]));
    if (offeringId !== undefined) query = query.where('p.offering_id', '=', offeringId);
    let changed = 0;
    for (const row of await query.orderBy('p.id').execute()) {
      try {
        if (await syncReservation(row)) changed++;
      } catch (err) {
        log?.error({ err, application: row.id }, 'IPO: the platform reservation is not in step yet');
      }
    }
    return changed;
  }

  async function reservationRow(applicationId: number): Promise<ReservationRow> {
    return reservationRows().where('p.id', '=', applicationId).executeTakeFirstOrThrow();
  }

  /** The platform's refusal to set money aside, as the application's 422 (or 503/404). */
  function reserveRefusal(error: unknown, account: AccountRow): unknown {
    return translatePlatformError(error, {
      no_money: (e) => ({ field: 'amount', rule: 'insufficient_funds', money: { minor: Math.max(0, e.detail.free_margin ?? 0), currency: account.currency_code, precision: account.currency_precision } }),
    });
  }

  const service: IpoService = {
    async list(userId, lang) {
      await lapseExpired();
      const rows = await offeringQuery(db).where('o.state', '<>', 'draft').orderBy('o.opens_at', 'desc').orderBy('o.id', 'desc').execute();
      const texts = await textsOf(rows.map((r) => r.id));
      const apps = rows.length === 0 ? [] : await applicationQuery(db).where('p.user_id', '=', userId).where('p.offering_id', 'in', rows.map((r) => r.id)).orderBy('p.id').execute();
      const latest = new Map(apps.map((a) => [a.offering_id, a]));
      return rows.map((row) => {
        const app = latest.get(row.id);
        return { offering: toOffering(row, inLang(texts.get(row.id), lang)), application: app ? toApplication(app) : null };
      });
    },

    async view(userId, offeringId, lang) {
      await lapseExpired();
      const row = await visibleOffering(offeringId);
      const texts = await textsOf([row.id]);
      const app = await applicationQuery(db).where('p.user_id', '=', userId).where('p.offering_id', '=', row.id).orderBy('p.id', 'desc').executeTakeFirst();
      return { offering: toOffering(row, inLang(texts.get(row.id), lang)), application: app ? toApplication(app) : null };
    },

    async holdings(userId, lang) {
      await lapseExpired();
      const apps = await applicationQuery(db)
        .innerJoin('ipo_offerings as o', 'o.id', 'p.offering_id')
        .where('p.user_id', '=', userId)
        .where('o.state', 'not in', ['listed', 'cancelled', 'draft'])
        .where((eb) => eb.or([eb('p.status', 'in', HOLDING), eb.and([eb('p.status', '=', 'allocated'), eb('p.allocated_shares', '>', 0)])]))
        .orderBy('p.id')
        .execute();
      if (apps.length === 0) return [];
      const ids = [...new Set(apps.map((a) => a.offering_id))];
      const offerings = new Map((await offeringQuery(db).where('o.id', 'in', ids).execute()).map((o) => [o.id, o]));
      const texts = await textsOf(ids);
      return apps.map((a) => ({ application: toApplication(a), offering: toOffering(offerings.get(a.offering_id)!, inLang(texts.get(a.offering_id), lang)) }));
    },

    async appropriateness(userId) {
      const row = await db.selectFrom('ipo_appropriateness').selectAll().where('user_id', '=', userId).executeTakeFirst();
      if (!row) return { passed: null, taken_at: null, retake_at: null, wrong: [] };
      const passed = row.passed === 1;
      return {
        passed,
        taken_at: row.taken_at,
        retake_at: passed ? null : new Date(Date.parse(row.taken_at) + IPO_TEST_RETAKE_HOURS * 3_600_000).toISOString(),
        wrong: row.wrong === '' ? [] : (row.wrong.split(',') as IpoTestQuestionId[]),
      };
    },

    async takeTest(userId, answers) {
      const before = await service.appropriateness(userId);
      if (before.passed) return before;
      if (before.retake_at && Date.parse(before.retake_at) > clock().getTime()) throw new IpoRefused('test_not_yet', before.retake_at);
      const wrong = IPO_TEST_QUESTIONS.filter((q) => answers[q.id] !== RIGHT_ANSWERS[q.id]).map((q) => q.id);
      const row = { passed: wrong.length === 0 ? 1 : 0, wrong: wrong.join(','), taken_at: now() };
      await db
        .insertInto('ipo_appropriateness')
        .values({ user_id: userId, ...row })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return service.appropriateness(userId);
    },

    async apply(userId, offeringId, input) {
      const offering = await visibleOffering(offeringId);
      if (!windowOpen(offering)) throw new IpoRefused('window_closed');
      await requirePassed(userId);
      const accountId = toId(input.account_id);
      const account = accountId === null ? undefined : await accountQuery(db).where('a.id', '=', accountId).where('a.user_id', '=', userId).executeTakeFirst();
      const failures: RuleFailure[] = [];
      if (!account) failures.push({ field: 'account_id', rule: 'exists' });
      else if (account.status !== 'active') failures.push({ field: 'account_id', rule: 'archived' });
      // Shares are real: play money may not buy them.
      else if (account.type !== 'live') failures.push({ field: 'account_id', rule: 'offering_live_only', params: {} });
      else if (account.currency_id !== offering.currency_id) failures.push({ field: 'account_id', rule: 'offering_currency', params: {} });
      if (failures.length > 0 || !account) throw new RuleError(failures);
      const amount = amountOf(offering, input.amount);
      const seen = await lookAt(account);
      const id = await db.transaction().execute(async (trx) => {
        await lockAccount(trx, userId, account.id);
        const live = await trx.selectFrom('ipo_applications').select('id').where('offering_id', '=', offering.id).where('user_id', '=', userId).where('status', 'in', HOLDING).executeTakeFirst();
        if (live) throw new IpoRefused('already_applied');
        await checkFunds(trx, account, seen, amount, 0);
        const at = now();
        const row = await trx
          .insertInto('ipo_applications')
          .values({ offering_id: offering.id, user_id: userId, account_id: account.id, amount, held: amount, status: 'active', requested_shares: null, allocated_shares: null, allocated_amount: null, ledger_entry_id: null, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      // The platform sets the money aside too, so it cannot be traded away; if it will not, nothing was applied.
      try {
        await syncReservation(await reservationRow(id));
      } catch (error) {
        await db.deleteFrom('ipo_applications').where('id', '=', id).where('reserved', '=', 0).execute();
        throw reserveRefusal(error, account);
      }
      return applicationBody(id);
    },

    async change(userId, applicationId, input) {
      const app = await ownApplication(userId, applicationId);
      const offering = await anyOffering(app.offering_id);
      if (!windowOpen(offering) || app.status !== 'active') throw new IpoRefused('window_closed');
      const amount = amountOf(offering, input);
      const account = await accountQuery(db).where('a.id', '=', app.account_id).executeTakeFirstOrThrow();
      const seen = await lookAt(account);
      const before = await db.transaction().execute(async (trx) => {
        await lockAccount(trx, userId, account.id);
        const current = await ownApplication(userId, applicationId, trx);
        if (current.status !== 'active') throw new IpoRefused('window_closed');
        await checkFunds(trx, account, seen, amount, Number(current.held));
        await trx.updateTable('ipo_applications').set({ amount, held: amount, updated_at: now() }).where('id', '=', app.id).where('status', '=', 'active').execute();
        return { amount: Number(current.amount), held: Number(current.held) };
      });
      try {
        await syncReservation(await reservationRow(app.id));
      } catch (error) {
        // The platform would not set the new amount aside: the application keeps the one it had.
        await db.updateTable('ipo_applications').set({ ...before, updated_at: now() }).where('id', '=', app.id).where('held', '=', amount).execute();
        await syncReservations(app.offering_id);
        throw reserveRefusal(error, account);
      }
      return applicationBody(app.id);
    },

    async cancel(userId, applicationId) {
      const app = await ownApplication(userId, applicationId);
      const offering = await anyOffering(app.offering_id);
      if (!windowOpen(offering) || app.status !== 'active') throw new IpoRefused('window_closed');
      await db.updateTable('ipo_applications').set({ status: 'cancelled', held: 0, updated_at: now() }).where('id', '=', app.id).where('status', '=', 'active').execute();
      await syncReservations(app.offering_id);
      return applicationBody(app.id);
    },

    async reconfirm(userId, applicationId) {
      await lapseExpired();
      const app = await ownApplication(userId, applicationId);
      const offering = await anyOffering(app.offering_id);
      const open = offering.state === 'priced' && offering.reconfirm_until !== null && Date.parse(offering.reconfirm_until) > clock().getTime();
      if (!open || app.status !== 'reconfirm') throw new IpoRefused('not_reconfirmable');
      const result = await db.updateTable('ipo_applications').set({ status: 'active', updated_at: now() }).where('id', '=', app.id).where('status', '=', 'reconfirm').executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new IpoRefused('not_reconfirmable');
      return applicationBody(app.id);
    },

    async adminList() {
      const rows = await offeringQuery(db).orderBy('o.opens_at', 'desc').orderBy('o.id', 'desc').execute();
      const texts = await textsOf(rows.map((r) => r.id));
      return Promise.all(rows.map((row) => adminView(row, texts.get(row.id) ?? {})));
    },

    async adminGet(offeringId) {
      return adminView(await anyOffering(offeringId));
    },

    async create(staffId, body) {
      const columns = await columnsOf(body);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ipo_offerings')
          .values({ ...columns, state: 'draft', final_price: null, reconfirm_until: null, per_client_max: null, allocated_at: null, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeTexts(trx, row.id, body.texts);
        await lifecycles.record(trx, ipoOfferingLifecycle, row.id, { id: staffId, role: 'staff' }, at);
        return row.id;
      });
      return service.adminGet(id);
    },

    async update(staffId, offeringId, body) {
      const row = await anyOffering(offeringId);
      const columns = await columnsOf(body);
      await db.transaction().execute(async (trx) => {
        await lifecycles.transition(trx, ipoOfferingLifecycle, {
          id: row.id,
          from: row.state,
          event: { type: 'offering.edit' },
          actor: { id: staffId, role: 'staff' },
          set: { ...columns, updated_at: now() },
        });
        await writeTexts(trx, row.id, body.texts);
      });
      return service.adminGet(row.id);
    },

    async step(staffId, offeringId, step, reason) {
      const row = await anyOffering(offeringId);
      const at = now();
      const event: IpoOfferingEvent =
        step === 'offering.open' ? { type: step, at, opens_at: row.opens_at } : step === 'offering.cancel' ? { type: step, reason: reason ?? '' } : { type: step };
      const released = await db.transaction().execute(async (trx) => {
        await lifecycles.transition(trx, ipoOfferingLifecycle, { id: row.id, from: row.state, event, actor: { id: staffId, role: 'staff' }, set: { updated_at: at } });
        // A cancelled offering gives every hold back at once.
        return step === 'offering.cancel' ? release(trx, row.id, HOLDING, 'cancelled', at) : [];
      });
      if (step === 'offering.cancel') {
        await syncReservations(row.id);
        for (const app of released) await tell(app.user_id, 'ipo.cancelled', { ...about(row, app), released: Number(app.amount), reason: reason?.trim() || null });
      }
      return service.adminGet(row.id);
    },

    async price(staffId, offeringId, input, hours = IPO_RECONFIRM_HOURS_DEFAULT) {
      const row = await anyOffering(offeringId);
      const parsed = parseAmount(input, row.currency_precision);
      if (!parsed.ok) throw new RuleError([{ field: 'price', rule: parsed.problem === 'max' ? 'numeric' : parsed.problem, ...(parsed.problem === 'decimal' ? { limit: row.currency_precision } : {}) }]);
      const price = parsed.minor;
      const at = now();
      const reconfirm = needsReconfirmation(price, Number(row.price_min), Number(row.price_max));
      const until = reconfirm ? new Date(clock().getTime() + hours * 3_600_000).toISOString() : null;
      await db.transaction().execute(async (trx) => {
        await lifecycles.transition(trx, ipoOfferingLifecycle, {
          id: row.id,
          from: row.state,
          event: { type: 'offering.price', price },
          actor: { id: staffId, role: 'staff' },
          expectedAt: until,
          set: { final_price: price, reconfirm_until: until, updated_at: at },
        });
        if (reconfirm) {
          await trx.updateTable('ipo_applications').set({ status: 'reconfirm', updated_at: at }).where('offering_id', '=', row.id).where('status', '=', 'active').execute();
        }
      });
      const holding = await db.selectFrom('ipo_applications').select(['id', 'user_id']).where('offering_id', '=', row.id).where('status', 'in', HOLDING).orderBy('id').execute();
      for (const app of holding) await tell(app.user_id, 'ipo.priced', { ...about(row, app), price, reconfirm_until: until });
      return service.adminGet(row.id);
    },

    async preview(offeringId, perClientMax) {
      await lapseExpired();
      const row = await anyOffering(offeringId);
      if (row.final_price === null) throw new IpoRefused('not_reconfirmable');
      return computeAllocation(db, row, perClientMax);
    },

    async allocate(staffId, offeringId, perClientMax) {
      await lapseExpired();
      const row = await anyOffering(offeringId);
      const at = now();
      const event: IpoOfferingEvent = { type: 'offering.allocate', at, reconfirm_until: row.reconfirm_until, awaiting: await awaitingOf(row.id) };
      const lapsed: Array<{ id: number; user_id: number; offering_id: number; amount: number | string }> = [];
      const { preview, entries } = await db.transaction().execute(async (trx) => {
        // The compare-and-set on the state first: of two staff allocating at once, one does.
        await lifecycles.transition(trx, ipoOfferingLifecycle, {
          id: row.id,
          from: row.state,
          event,
          actor: { id: staffId, role: 'staff' },
          set: { per_client_max: perClientMax, allocated_at: at, updated_at: at },
        });
        // Those still waiting for a reconfirmation (the deadline passed meanwhile) lapse.
        lapsed.push(...(await release(trx, row.id, ['reconfirm'], 'lapsed', at)));
        const preview = await computeAllocation(trx, row, perClientMax);
        const entries: number[] = [];
        for (const line of preview.lines) {
          const app = await trx.selectFrom('ipo_applications').select(['id', 'user_id', 'account_id']).where('id', '=', line.application_id).executeTakeFirstOrThrow();
          let entryId: number | null = null;
          if (line.allocated_amount > 0) {
            // In flight at once (decided): the ledger holds the amount as a pending debit until the platform books it.
            const entry = await trx
              .insertInto('ledger_entries')
              .values({
                user_id: app.user_id,
                account_id: app.account_id,
                kind: 'ipo',
                amount: -line.allocated_amount,
                currency_id: row.currency_id,
                status: 'pending',
                // The application's own reference: the platform's deal takes the money it reserved under it.
                reference: ipoReference(app),
                counterparty_account_id: null,
                created_at: at,
                decided_at: at,
                decided_by: staffId,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            entryId = entry.id;
            entries.push(entry.id);
          }
          await trx
            .updateTable('ipo_applications')
            .set({
              status: 'allocated',
              held: 0,
              requested_shares: line.requested_shares,
              allocated_shares: line.allocated_shares,
              allocated_amount: line.allocated_amount,
              ledger_entry_id: entryId,
              updated_at: at,
            })
            .where('id', '=', line.application_id)
            .execute();
        }
        return { preview, entries };
      });
      // What was not allocated is released on the platform at once; the allocated amount stays reserved until booked.
      await syncReservations(row.id);
      for (const entryId of entries) {
        // Unreachable or refused: the entry stays in flight; the periodic sweep books it (wallet.ts, settleInFlight).
        await book(entryId).catch(() => undefined);
      }
      await syncReservations(row.id);
      await tellLapsed(lapsed);
      const owners = new Map((await db.selectFrom('ipo_applications').select(['id', 'user_id']).where('offering_id', '=', row.id).execute()).map((a) => [a.id, a.user_id]));
      for (const line of preview.lines) {
        await tell(owners.get(line.application_id)!, 'ipo.allocated', {
          ...about(row, { id: line.application_id }),
          requested: line.amount,
          allocated: line.allocated_amount,
          released: line.released,
          shares: line.allocated_shares,
          price: preview.price,
        });
      }
      return preview;
    },

    async timeline(offeringId) {
      const timeline = await lifecycles.timeline(db, ipoOfferingLifecycle, offeringId);
      const actors = await db
        .selectFrom('lifecycle_events as l')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'l.actor_id').on('l.actor_role', '<>', 'system'))
        .select(['u.first_name', 'u.second_name'])
        .where('l.kind', '=', ipoOfferingLifecycle.kind)
        .where('l.object_id', '=', offeringId)
        .orderBy('l.id')
        .execute();
      return { ...timeline, steps: timeline.steps.map((step, i) => ({ ...step, actor: actors[i]?.first_name ? `${actors[i].first_name} ${actors[i].second_name ?? ''}`.trim() : null })) };
    },

    async setProspectus(offeringId, file) {
      const row = await anyOffering(offeringId);
      await db
        .updateTable('ipo_offerings')
        .set({ prospectus_name: file.originalName, prospectus_storage: file.storageName, prospectus_size: file.size, updated_at: now() })
        .where('id', '=', row.id)
        .execute();
      return row.prospectus_storage ?? null;
    },

    async prospectus(offeringId, staff) {
      const row = await (staff ? anyOffering(offeringId) : visibleOffering(offeringId)).catch(() => undefined);
      if (!row?.prospectus_storage || !row.prospectus_name) return undefined;
      return { storageName: row.prospectus_storage, fileName: row.prospectus_name, size: Number(row.prospectus_size ?? 0) };
    },

    lapseExpired,
    syncReservations: () => syncReservations(),
  };
  return service;
}

/**
 * Every minute: applications not reconfirmed by their deadline lapse, so their holds stop counting
 * against the account even when nobody opens the offering. Idempotent (one update with a
 * condition), so several app processes may run it. Answers the stop.
 */
export function scheduleIpoLapses(ipo: Pick<IpoService, 'lapseExpired' | 'syncReservations'>, log?: { error(obj: object, msg: string): void }): () => void {
  const timer = setInterval(() => {
    ipo
      .lapseExpired()
      .then(() => ipo.syncReservations())
      .catch((err: unknown) => log?.error({ err }, 'IPO lapses failed'));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
