/**
 * IPO subscriptions: offerings, applications held on a trading account, the appropriateness test
 * and the pro-rata allocation. Shared by the server, machines/ipo-offering and the app; free of zod
 * (the request and answer schemas are in ipo.schema.ts).
 */
import type { Timeline, TimelineStep } from './lifecycle';
import type { Locale } from './locales';

/** An offering's lifecycle (machines/ipo-offering): the stored values of `ipo_offerings.state`. */
export const IPO_OFFERING_STATES = ['draft', 'announced', 'open', 'closed', 'priced', 'allocated', 'listed', 'cancelled'] as const;
export type IpoOfferingState = (typeof IPO_OFFERING_STATES)[number];

/**
 * An application: `active` holds its amount; `reconfirm` still holds it, waiting for the client to
 * confirm a final price far outside the range; `cancelled` (by the client, or with the offering),
 * `lapsed` (not reconfirmed in time) and `allocated` hold nothing any more.
 */
export const IPO_APPLICATION_STATUSES = ['active', 'reconfirm', 'cancelled', 'lapsed', 'allocated'] as const;
export type IpoApplicationStatus = (typeof IPO_APPLICATION_STATUSES)[number];
/** The statuses whose amount is held on the account. */
export const IPO_HOLDING_STATUSES = ['active', 'reconfirm'] as const satisfies readonly IpoApplicationStatus[];

/** The only allocation rule so far: pro-rata with a per-client maximum and largest-remainder rounding. */
export const IPO_ALLOCATION_RULES = ['pro_rata'] as const;
export type IpoAllocationRule = (typeof IPO_ALLOCATION_RULES)[number];

/** A final price more than this share outside the range needs every application reconfirmed. */
export const IPO_RECONFIRM_THRESHOLD = 0.2;
/** How long clients have to reconfirm, by default, in hours. */
export const IPO_RECONFIRM_HOURS_DEFAULT = 48;
/** Staff may give clients from 12 hours (a working day's notice) to a week to reconfirm. */
export const IPO_RECONFIRM_HOURS_MIN = 12;
export const IPO_RECONFIRM_HOURS_MAX = 168;
/** The prospectus: a PDF of at most this many bytes. */
export const IPO_PROSPECTUS_MAX_BYTES = 20 * 1024 * 1024;
/** A failed appropriateness test can be taken again after this many hours. */
export const IPO_TEST_RETAKE_HOURS = 24;
export const IPO_TEXT_MAX = 5_000;
export const IPO_NAME_MAX = 120;
export const IPO_TICKER_MAX = 10;
export const IPO_LOCKUP_DAYS_MAX = 730;

/**
 * The appropriateness test: each question's id and its choices' ids (texts are the app's, in each
 * language; the right answers are the server's). Every question must be answered right to pass.
 */
export const IPO_TEST_QUESTIONS = [
  { id: 'allocation', choices: ['full', 'partial', 'refund'] },
  { id: 'price', choices: ['fixed', 'range', 'market'] },
  { id: 'lockup', choices: ['sell_any_time', 'insiders_wait', 'no_trading'] },
  { id: 'risk', choices: ['guaranteed', 'can_lose', 'bank_insured'] },
] as const;
export type IpoTestQuestionId = (typeof IPO_TEST_QUESTIONS)[number]['id'];

/** GET /api/ipo/appropriateness and the answer to taking it. */
export interface IpoAppropriateness {
  /** Null until the test is taken. */
  passed: boolean | null;
  taken_at: string | null;
  /** After a failure: when it can be taken again; null otherwise. */
  retake_at: string | null;
  /** After a failure: the questions answered wrong, so the client sees why. */
  wrong: IpoTestQuestionId[];
}

export interface IpoMoneyCurrency {
  code: string;
  precision: number;
}

/** An offering as a client sees it (texts in the reader's language). */
export interface IpoOffering {
  id: number;
  company: string;
  ticker: string;
  description: string;
  risk: string;
  /** A link to the prospectus, or null: kept for offerings made before the upload; the uploaded PDF wins. */
  prospectus_url: string | null;
  /** The uploaded prospectus (GET /api/ipo/offerings/{id}/prospectus), or null. */
  prospectus: IpoProspectus | null;
  currency: IpoMoneyCurrency;
  /** Prices per share, minor units. */
  price_min: number;
  price_max: number;
  final_price: number | null;
  shares_offered: number;
  /** Limits of one application's amount, minor units. */
  min_application: number;
  max_application: number;
  /** ISO-8601 UTC. */
  opens_at: string;
  closes_at: string;
  /** When staff expect to allocate. */
  allocation_at: string;
  lockup_days: number;
  /** The end of the lock-up: from the allocation (as expected until it happens). */
  lockup_ends_at: string;
  state: IpoOfferingState;
  /** Set when the final price needs reconfirmation: the deadline. */
  reconfirm_until: string | null;
  allocation_rule: IpoAllocationRule;
  /** The per-client maximum in shares used at allocation, or null (none). */
  per_client_max: number | null;
  allocated_at: string | null;
}

export interface IpoProspectus {
  file_name: string;
  /** Bytes. */
  size: number;
}

/** An application as its client sees it. */
export interface IpoApplication {
  id: number;
  offering_id: number;
  account_id: number;
  account_number: string;
  /** What the client asked for, minor units. */
  amount: number;
  /** What is held on the account now, minor units (0 once allocated, cancelled or lapsed). */
  held: number;
  status: IpoApplicationStatus;
  /** After allocation: the shares and what they cost (taken from the hold), the rest released. */
  allocated_shares: number | null;
  allocated_amount: number | null;
  /** Shares asked for at the final price (after the per-client maximum). */
  requested_shares: number | null;
  created_at: string;
  updated_at: string;
}

/** GET /api/ipo/offerings/{id}: the offering and the caller's application in it, if any. */
export interface IpoOfferingView {
  offering: IpoOffering;
  application: IpoApplication | null;
}

/** Staff's view: every language's texts and the book's figures. */
export interface IpoTexts {
  description: string;
  risk: string;
}
export interface AdminIpoOffering extends Omit<IpoOffering, 'description' | 'risk'> {
  texts: Record<Locale, IpoTexts>;
  /** Applications holding money, and their total, minor units. */
  applications: number;
  demand: number;
}

/** One client's line of an allocation (the preview and the result). */
export interface IpoAllocationLine {
  application_id: number;
  client: string;
  amount: number;
  requested_shares: number;
  allocated_shares: number;
  allocated_amount: number;
  released: number;
}

export interface IpoAllocationPreview {
  rule: IpoAllocationRule;
  price: number;
  shares_offered: number;
  per_client_max: number | null;
  requested_shares: number;
  allocated_shares: number;
  lines: IpoAllocationLine[];
}

/** A price `price` lies more than 20% outside [min, max]: applications need reconfirmation. */
export function needsReconfirmation(price: number, min: number, max: number): boolean {
  return price > max * (1 + IPO_RECONFIRM_THRESHOLD) || price < min * (1 - IPO_RECONFIRM_THRESHOLD);
}

/**
 * Pro-rata allocation with largest-remainder rounding. Each request is first capped at `perClientMax`
 * shares; when the capped demand fits, everyone gets it; otherwise each gets `demand × offered /
 * total` rounded down, and the shares left by rounding go one each to the largest remainders
 * (earlier requests first on a tie), so the allocation adds up exactly to `offered`.
 */
export function allocateProRata(requests: ReadonlyArray<{ id: number; shares: number }>, offered: number, perClientMax: number | null): Map<number, number> {
  const capped = requests.map((r) => ({ id: r.id, shares: Math.max(0, perClientMax === null ? r.shares : Math.min(r.shares, perClientMax)) }));
  const total = capped.reduce((sum, r) => sum + r.shares, 0);
  const result = new Map<number, number>();
  if (total <= offered) {
    for (const r of capped) result.set(r.id, r.shares);
    return result;
  }
  // BigInt: a demand of 10^9 shares times 10^9 offered passes 2^53.
  const big = BigInt(offered);
  const bigTotal = BigInt(total);
  const quotas = capped.map((r, index) => {
    const scaled = BigInt(r.shares) * big;
    return { id: r.id, index, floor: Number(scaled / bigTotal), remainder: scaled % bigTotal };
  });
  let left = offered - quotas.reduce((sum, q) => sum + q.floor, 0);
  const byRemainder = [...quotas].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const q of byRemainder) {
    if (left === 0) break;
    q.floor += 1;
    left -= 1;
  }
  for (const q of quotas) result.set(q.id, q.floor);
  return result;
}

/** The lock-up's end: `days` after the allocation (its expected date until it happens). */
export function lockupEnd(allocationAt: string, days: number): string {
  return new Date(Date.parse(allocationAt) + days * 86_400_000).toISOString();
}

/** One step of an offering's lifecycle as staff read it: who made it (a staff member's name; null for the system). */
export interface IpoStaffTimelineStep extends TimelineStep {
  actor: string | null;
}

/** GET /api/admin/ipo/offerings/{id}/timeline */
export interface IpoStaffTimeline extends Omit<Timeline, 'steps'> {
  steps: IpoStaffTimelineStep[];
}
