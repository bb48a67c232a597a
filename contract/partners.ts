import type { TimelineStep } from './lifecycle';
import type { TradingSymbol } from './platform';

/**
 * The partner (introducing-broker) program: types and constants shared by the app, the machines and
 * the server (no zod here; the request and answer schemas are in partners.schema.ts). Money is in
 * integer minor units of the currency named next to it, as everywhere (contract/money.ts).
 */

/** A partner application's lifecycle (machines/partner-application): the states `partner_applications.state` stores. */
export const PARTNER_APPLICATION_STATES = ['submitted', 'approved', 'rejected'] as const;
export type PartnerApplicationState = (typeof PARTNER_APPLICATION_STATES)[number];

/** Where the caller stands in the program: never applied, applied and waiting, refused (with the reason), or a partner. */
export const PARTNER_STATUSES = ['none', 'applied', 'rejected', 'partner'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/** The first-touch attribution cookie set by GET /r/{code}: its name and default lifetime (server/config.ts PARTNER_COOKIE_DAYS). */
export const PARTNER_COOKIE = 'tr_partner';
export const PARTNER_COOKIE_DAYS_DEFAULT = 60;

/** The public path of a referral link: `/r/{code}`; `?lang=ru|ua|en` picks the register page's language. */
export const PARTNER_LINK_PATH = '/r/';
export const partnerLinkPath = (code: string) => `${PARTNER_LINK_PATH}${code}`;
/** Codes are this many characters of [a-z0-9]. */
export const PARTNER_CODE_LENGTH = 8;

export const PARTNER_WEBSITE_MAX = 200;
export const PARTNER_DESCRIPTION_MAX = 1000;
export const PARTNER_CAMPAIGN_MAX = 60;
export const PARTNER_LINKS_MAX = 50;
export const PARTNER_PLAN_NAME_MAX = 60;

/** Instrument groups a plan's per-lot rate is set for; every symbol belongs to one. */
export const INSTRUMENT_GROUPS = ['forex', 'metals', 'indices', 'crypto'] as const;
export type InstrumentGroup = (typeof INSTRUMENT_GROUPS)[number];
export const INSTRUMENT_GROUP_OF: Readonly<Record<TradingSymbol, InstrumentGroup>> = {
  EURUSD: 'forex',
  GBPUSD: 'forex',
  USDJPY: 'forex',
  XAUUSD: 'metals',
  US500: 'indices',
  BTCUSD: 'crypto',
};
export const instrumentGroupOf = (symbol: string): InstrumentGroup | null => INSTRUMENT_GROUP_OF[symbol as TradingSymbol] ?? null;

/** The share of a sub-partner's rewards the parent earns, in basis points (1000 = 10 %); at most 100 %. */
export const SECOND_LEVEL_BPS_MAX = 10_000;

/** Periods of the statistics: the last 7, 30 or 90 days, or since the start. */
export const PARTNER_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type PartnerPeriod = (typeof PARTNER_PERIODS)[number];
export const PARTNER_PERIOD_DAYS: Readonly<Record<Exclude<PartnerPeriod, 'all'>, number>> = { '7d': 7, '30d': 30, '90d': 90 };

/** Why a reward was paid: a client's first deposit (CPA), lots a client traded, or a share of a sub-partner's reward. */
export const REWARD_KINDS = ['cpa', 'lot', 'second_level'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** Payouts from the partner wallet: a withdrawal (a request staff settle, as the wallet's) or a transfer to one of the partner's trading accounts (at once). */
export const PAYOUT_KINDS = ['withdrawal', 'transfer'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Why a registration through a link is held for staff: it came from an address or a device the partner used recently. */
export const FLAG_REASONS = ['same_ip', 'same_device'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
/** How far back "recently" looks for the partner's addresses and devices. */
export const FLAG_LOOKBACK_DAYS = 30;
export const FLAG_STATES = ['open', 'counted', 'dismissed'] as const;
export type FlagState = (typeof FLAG_STATES)[number];
/** Staff's decision on a flag: count the attribution after all, or dismiss it (the client stays unattributed). */
export const FLAG_DECISIONS = ['count', 'dismiss'] as const;
export type FlagDecision = (typeof FLAG_DECISIONS)[number];

/** Notification events of the program (contract/notifications.ts), each switchable by the user. */
export const PARTNER_NOTIFICATION_EVENTS = ['partner.approved', 'partner.rejected', 'partner.client', 'partner.reward'] as const;

/** "j***@example.com": the first character of the local part, then three stars. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export interface Money {
  /** Minor units, signed where it says so. */
  amount: number;
  currency: string;
  precision: number;
}

export interface PartnerApplication {
  id: number;
  state: PartnerApplicationState;
  website: string | null;
  description: string;
  /** The reason staff gave for a rejection; null otherwise. */
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  timeline: TimelineStep[];
}

export interface PartnerPlan {
  id: number;
  name: string;
  /** The plan's currency: rewards and the partner wallet are in it. */
  currency: string;
  precision: number;
  /** A client's first deposit at or above this (in the plan's currency, minor units) pays `cpa_amount` once; 0 amount = no CPA. */
  cpa_threshold: number;
  cpa_amount: number;
  /** Minor units of the plan's currency per lot traded on live accounts, per instrument group. */
  lot_rates: Record<InstrumentGroup, number>;
  /** The parent's share of a sub-partner's rewards, basis points. */
  second_level_bps: number;
  /** Applications are approved at once onto this plan (at most one plan is automatic). */
  auto_approve: boolean;
  /** New partners get the default plan. */
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

export interface PartnerWallet {
  id: number;
  currency: string;
  precision: number;
  /** Everything credited minus everything paid out (pending withdrawals included). */
  balance: number;
  /** What may be paid out now. */
  available: number;
}

export interface Partner {
  id: number;
  since: string;
  plan: PartnerPlan;
  /** A plan assigned from a later date, if any. */
  next_plan: { plan: PartnerPlan; effective_from: string } | null;
  wallet: PartnerWallet;
  /** The partner who recruited this one (the second level), or null. */
  parent: { id: number; name: string } | null;
  /** Staff let this partner see the clients' e-mail addresses unmasked. */
  show_emails: boolean;
}

/** GET /api/partner: the caller's standing. */
export interface PartnerMe {
  status: PartnerStatus;
  /** The latest application, if any. */
  application: PartnerApplication | null;
  partner: Partner | null;
}

export interface PartnerLink {
  id: number;
  code: string;
  campaign: string;
  /** The full address to share (the app's origin + /r/{code}). */
  url: string;
  created_at: string;
  clicks: number;
  registrations: number;
}

/** One row of the statistics: a link's (or, with `link` null, the totals). */
export interface PartnerStatsRow {
  link: { id: number; campaign: string; code: string } | null;
  clicks: number;
  registrations: number;
  verified: number;
  funded: number;
  /** Lots traded on live accounts by the attributed clients in the period. */
  volume_lots: number;
  rewards: number;
}

/** One UTC day of the statistics' period (docs/adr/0099). */
export interface PartnerStatsDay {
  /** YYYY-MM-DD */
  day: string;
  /** Minor units of the wallet's currency per kind, by the day of the deal or deposit that earned them. */
  rewards: Record<RewardKind, number>;
  /** Registrations counted for the partner that day. */
  registrations: number;
  /** Attributed clients whose first live deposit completed that day. */
  funded: number;
  /** Lots the attributed clients traded on live accounts that day, from the platform's deals (at once, before any reward). */
  volume_lots: number;
}

export interface PartnerStats {
  period: PartnerPeriod;
  from: string | null;
  to: string;
  currency: string;
  precision: number;
  totals: PartnerStatsRow;
  links: PartnerStatsRow[];
  /** Every day of the period, oldest first (for "all", from the day the partner joined); days without activity as zeros. */
  daily: PartnerStatsDay[];
}

export interface PartnerClient {
  id: number;
  name: string;
  /** Masked (j***@example.com) unless staff let this partner see addresses. */
  email: string;
  registered_at: string;
  verified: boolean;
  funded: boolean;
  volume_lots: number;
  rewards: number;
  link: { id: number; campaign: string } | null;
}

export interface PartnerClients {
  currency: string;
  precision: number;
  clients: PartnerClient[];
}

/** What a reward was computed from, so the partner can recompute it. */
export interface RewardInputs {
  /** cpa: the deposit, its amount in the plan's currency, and the threshold it met. */
  deposit?: { reference: string; amount: number; currency: string; precision: number; amount_in_plan: number; threshold: number };
  /** lot: the deal and its volume. */
  deal?: { ticket: number; symbol: string; group: InstrumentGroup; volume: number; time: string; account: string };
  /** second_level: the sub-partner's reward line it is a share of. */
  child?: { reward_id: number; partner_name: string; amount: number };
}

export interface RewardLine {
  id: number;
  kind: RewardKind;
  /** 1: from the partner's own client; 2: a share of a sub-partner's reward. */
  level: 1 | 2;
  /** The client whose activity produced it (also for second-level lines: the sub-partner's client). */
  client: { id: number; name: string } | null;
  plan: { id: number; name: string };
  /** cpa: the fixed amount (minor); lot: minor per lot; second_level: basis points. */
  rate: number;
  inputs: RewardInputs;
  amount: number;
  currency: string;
  precision: number;
  /** When the source happened (the deposit's decision, the deal's time). */
  source_at: string;
  credited_at: string;
}

export interface RewardPage {
  data: RewardLine[];
  /** Keyset: pass as `before` for the next page; null at the end. */
  next_before: number | null;
  total: number;
}

export interface SubPartner {
  id: number;
  name: string;
  since: string;
  clients: number;
  /** What the sub-partner earned (level 1), and what the caller earned from it (level 2), in the caller's plan currency. */
  their_rewards: number;
  my_share: number;
}

export interface PartnerPayout {
  id: number;
  kind: PayoutKind;
  status: PayoutStatus;
  amount: number;
  currency: string;
  precision: number;
  reference: string;
  /** The trading account a transfer went to. */
  account: { id: number; number: string } | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

/** A user as staff see them in the program's lists. */
export interface PartnerPerson {
  id: number;
  name: string;
  email: string;
}

export interface AdminPartnerApplication extends PartnerApplication {
  user: PartnerPerson;
}

export interface AdminPartner {
  id: number;
  user: PartnerPerson;
  since: string;
  plan: { id: number; name: string };
  next_plan: { id: number; name: string; effective_from: string } | null;
  parent: { id: number; name: string } | null;
  clients: number;
  wallet: PartnerWallet;
  show_emails: boolean;
}

export interface PartnerFlag {
  id: number;
  state: FlagState;
  reason: FlagReason;
  partner: PartnerPerson & { partner_id: number };
  client: PartnerPerson;
  link: { id: number; campaign: string; code: string };
  /** What matched: the address, or the device's label. */
  matched: string;
  created_at: string;
  resolved_at: string | null;
}

/** POST /api/admin/partners/accrue: what the daily accrual run did. */
export interface AccrualResult {
  /** The day (UTC) whose deals were rewarded. */
  day: string;
  deals: number;
  lines: number;
}
