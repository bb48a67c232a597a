import { z } from 'zod';
import { ID_MAX } from './ids';
import { idNumber } from './ids.schema';
import { reasonSchema, timelineStepSchema } from './lifecycle.schema';
import {
  type AccrualResult,
  type AdminPartner,
  type AdminPartnerApplication,
  FLAG_DECISIONS,
  FLAG_REASONS,
  FLAG_STATES,
  INSTRUMENT_GROUPS,
  PARTNER_APPLICATION_STATES,
  PARTNER_CAMPAIGN_MAX,
  PARTNER_DESCRIPTION_MAX,
  PARTNER_PERIODS,
  PARTNER_PLAN_NAME_MAX,
  PARTNER_STATUSES,
  PARTNER_WEBSITE_MAX,
  PAYOUT_KINDS,
  PAYOUT_STATUSES,
  REWARD_KINDS,
  SECOND_LEVEL_BPS_MAX,
  type Partner,
  type PartnerApplication,
  type PartnerClients,
  type PartnerFlag,
  type PartnerLink,
  type PartnerMe,
  type PartnerPayout,
  type PartnerPlan,
  type PartnerStats,
  type PartnerWallet,
  type RewardLine,
  type RewardPage,
  type SubPartner,
} from './partners';

/** Request and answer schemas of the partner program's routes (server/http/routes/partners*.ts). */

const text = (max: number) => z.string().trim().min(1).max(max);
/** Amounts travel as decimal text ("1250.50"), as the wallet's (trading.schema.ts). */
const amount = z.union([z.string(), z.number()]);
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A real UTC day, YYYY-MM-DD (2030-02-30 is refused). */
/** A row id in a query string: past ID_MAX no row exists (and PostgreSQL's integer would overflow). */
const idQuery = z.coerce.number<string>().int().positive().refine((n) => n <= ID_MAX, { params: { rule: 'exists' } });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), { params: { rule: 'date' } });

// Requests: the client.

/** POST /api/partner/application */
export const partnerApplicationBodySchema = z.object({
  website: z
    .string()
    .trim()
    .max(PARTNER_WEBSITE_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
  description: text(PARTNER_DESCRIPTION_MAX),
});
export type PartnerApplicationBody = z.input<typeof partnerApplicationBodySchema>;

/** POST /api/partner/links */
export const partnerLinkBodySchema = z.object({ campaign: text(PARTNER_CAMPAIGN_MAX) });
export type PartnerLinkBody = z.input<typeof partnerLinkBodySchema>;

/** GET /api/partner/stats */
export const partnerStatsQuerySchema = z.object({
  period: z.enum(PARTNER_PERIODS).optional().default('30d'),
  link: idQuery.optional(),
});

/** GET /api/partner/rewards: newest first, keyset pages. */
export const partnerRewardsQuerySchema = z.object({
  kind: z.enum(REWARD_KINDS).optional(),
  client: idQuery.optional(),
  before: idQuery.optional(),
  per_page: z.coerce.number<string>().int().min(1).max(100).optional().default(50),
});

/** POST /api/partner/payouts, with an `Idempotency-Key` header: `account_id` for a transfer, `payment_method_id` for a withdrawal where the currency has methods. */
export const partnerPayoutBodySchema = z.object({
  kind: z.enum(PAYOUT_KINDS),
  amount,
  account_id: idNumber.optional(),
  payment_method_id: idNumber.optional(),
});
export type PartnerPayoutBody = z.input<typeof partnerPayoutBodySchema>;

/** GET /r/{code} */
export const partnerVisitParams = z.object({ code: z.string().regex(/^[a-z0-9]{4,32}$/) });
export const partnerVisitQuery = z.object({ lang: z.enum(['en', 'ru', 'ua']).optional() });

// Requests: staff.

/** GET /api/admin/partners/applications */
export const partnerApplicationsQuerySchema = z.object({ state: z.enum(PARTNER_APPLICATION_STATES).optional() });

/** POST /api/admin/partners/applications/{id}/approve: onto `plan_id`, or the default plan. */
export const partnerApproveBodySchema = z.object({ plan_id: idNumber.optional() });
/** POST /api/admin/partners/applications/{id}/reject */
export const partnerRejectBodySchema = z.object({ reason: reasonSchema });

const lotRates = z.object(Object.fromEntries(INSTRUMENT_GROUPS.map((g) => [g, minor])) as Record<(typeof INSTRUMENT_GROUPS)[number], typeof minor>);

/** POST /api/admin/partner-plans and PUT /api/admin/partner-plans/{id} (the currency is fixed once created: it is the wallets'). */
export const partnerPlanBodySchema = z.object({
  name: text(PARTNER_PLAN_NAME_MAX),
  currency: z.string().regex(/^[A-Z]{3}$/),
  cpa_threshold: minor,
  cpa_amount: minor,
  lot_rates: lotRates,
  second_level_bps: z.number().int().min(0).max(SECOND_LEVEL_BPS_MAX),
  auto_approve: z.boolean(),
  is_default: z.boolean(),
});
export type PartnerPlanBody = z.input<typeof partnerPlanBodySchema>;

/** POST /api/admin/partners: make a client a partner directly. */
export const makePartnerBodySchema = z.object({ user_id: idNumber, plan_id: idNumber.optional() });

/** PUT /api/admin/partners/{id}/plan: from `effective_from` (a UTC day, today or later; default today) on. */
export const partnerPlanAssignBodySchema = z.object({ plan_id: idNumber, effective_from: isoDate.optional() });

/** PUT /api/admin/partners/{id}/show-emails */
export const partnerShowEmailsBodySchema = z.object({ show_emails: z.boolean() });

/** GET /api/admin/partners/flags */
export const partnerFlagsQuerySchema = z.object({ state: z.enum(FLAG_STATES).optional().default('open') });
/** POST /api/admin/partners/flags/{id}/resolve */
export const partnerFlagResolveBodySchema = z.object({ decision: z.enum(FLAG_DECISIONS) });

/** POST /api/admin/partners/accrue: rewards the deals of `day` (UTC; default yesterday). Idempotent. */
export const partnerAccrueBodySchema = z.object({ day: isoDate.optional() });

export const idParams = z.object({ id: idQuery });

// Answers (checked against the types in partners.ts).

export const partnerApplicationSchema = z.object({
  id: z.number().int(),
  state: z.enum(PARTNER_APPLICATION_STATES),
  website: z.string().nullable(),
  description: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  timeline: z.array(timelineStepSchema),
}) satisfies z.ZodType<PartnerApplication>;

export const partnerPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  cpa_threshold: z.number().int(),
  cpa_amount: z.number().int(),
  lot_rates: lotRates,
  second_level_bps: z.number().int(),
  auto_approve: z.boolean(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<PartnerPlan>;

export const partnerWalletSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  balance: z.number().int(),
  available: z.number().int(),
}) satisfies z.ZodType<PartnerWallet>;

const named = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const partnerSchema = z.object({
  id: z.number().int(),
  since: z.string(),
  plan: partnerPlanSchema,
  next_plan: z.object({ plan: partnerPlanSchema, effective_from: z.string() }).nullable(),
  wallet: partnerWalletSchema,
  parent: named.nullable(),
  show_emails: z.boolean(),
}) satisfies z.ZodType<Partner>;

export const partnerMeSchema = z.object({
  status: z.enum(PARTNER_STATUSES),
  application: partnerApplicationSchema.nullable(),
  partner: partnerSchema.nullable(),
}) satisfies z.ZodType<PartnerMe>;

export const partnerLinkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  campaign: z.string(),
  url: z.string(),
  created_at: z.string(),
  clicks: z.number().int(),
  registrations: z.number().int(),
}) satisfies z.ZodType<PartnerLink>;

const statsRow = z.object({
  link: z.object({ id: z.number().int(), campaign: z.string(), code: z.string() }).nullable(),
  clicks: z.number().int(),
  registrations: z.number().int(),
  verified: z.number().int(),
  funded: z.number().int(),
  volume_lots: z.number(),
  rewards: z.number().int(),
});

export const partnerStatsSchema = z.object({
  period: z.enum(PARTNER_PERIODS),
  from: z.string().nullable(),
  to: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  totals: statsRow,
  links: z.array(statsRow),
  daily: z.array(
    z.object({
      day: z.string(),
      rewards: z.object({ cpa: z.number().int(), lot: z.number().int(), second_level: z.number().int() }),
      registrations: z.number().int(),
      funded: z.number().int(),
      volume_lots: z.number(),
    }),
  ),
}) satisfies z.ZodType<PartnerStats>;

export const partnerClientsSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  clients: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      registered_at: z.string(),
      verified: z.boolean(),
      funded: z.boolean(),
      volume_lots: z.number(),
      rewards: z.number().int(),
      link: z.object({ id: z.number().int(), campaign: z.string() }).nullable(),
    }),
  ),
}) satisfies z.ZodType<PartnerClients>;

export const rewardLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REWARD_KINDS),
  level: z.union([z.literal(1), z.literal(2)]),
  client: named.nullable(),
  plan: named,
  rate: z.number().int(),
  inputs: z.object({
    deposit: z
      .object({ reference: z.string(), amount: z.number().int(), currency: z.string(), precision: z.number().int(), amount_in_plan: z.number().int(), threshold: z.number().int() })
      .optional(),
    deal: z.object({ ticket: z.number().int(), symbol: z.string(), group: z.enum(INSTRUMENT_GROUPS), volume: z.number(), time: z.string(), account: z.string() }).optional(),
    child: z.object({ reward_id: z.number().int(), partner_name: z.string(), amount: z.number().int() }).optional(),
  }),
  amount: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  source_at: z.string(),
  credited_at: z.string(),
}) satisfies z.ZodType<RewardLine>;

export const rewardPageSchema = z.object({
  data: z.array(rewardLineSchema),
  next_before: z.number().int().nullable(),
  total: z.number().int(),
}) satisfies z.ZodType<RewardPage>;

export const subPartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  since: z.string(),
  clients: z.number().int(),
  their_rewards: z.number().int(),
  my_share: z.number().int(),
}) satisfies z.ZodType<SubPartner>;

export const partnerPayoutSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  precision: z.number().int(),
  reference: z.string(),
  account: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
}) satisfies z.ZodType<PartnerPayout>;

export const adminPartnerApplicationSchema = partnerApplicationSchema.extend({ user: person }) satisfies z.ZodType<AdminPartnerApplication>;

export const adminPartnerSchema = z.object({
  id: z.number().int(),
  user: person,
  since: z.string(),
  plan: named,
  next_plan: z.object({ id: z.number().int(), name: z.string(), effective_from: z.string() }).nullable(),
  parent: named.nullable(),
  clients: z.number().int(),
  wallet: partnerWalletSchema,
  show_emails: z.boolean(),
}) satisfies z.ZodType<AdminPartner>;

export const partnerFlagSchema = z.object({
  id: z.number().int(),
  state: z.enum(FLAG_STATES),
  reason: z.enum(FLAG_REASONS),
  partner: person.extend({ partner_id: z.number().int() }),
  client: person,
  link: z.object({ id: z.number().int(), campaign: z.string(), code: z.string() }),
  matched: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
}) satisfies z.ZodType<PartnerFlag>;

export const accrualResultSchema = z.object({ day: z.string(), deals: z.number().int(), lines: z.number().int() }) satisfies z.ZodType<AccrualResult>;
