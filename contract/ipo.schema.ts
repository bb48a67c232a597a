import { z } from 'zod';
import {
  type AdminIpoOffering,
  IPO_ALLOCATION_RULES,
  IPO_APPLICATION_STATUSES,
  IPO_LOCKUP_DAYS_MAX,
  IPO_NAME_MAX,
  IPO_OFFERING_STATES,
  IPO_RECONFIRM_HOURS_MAX,
  IPO_RECONFIRM_HOURS_MIN,
  IPO_TEST_QUESTIONS,
  IPO_TEXT_MAX,
  IPO_TICKER_MAX,
  type IpoAllocationPreview,
  type IpoApplication,
  type IpoAppropriateness,
  type IpoOffering,
  type IpoOfferingView,
  type IpoStaffTimeline,
} from './ipo';
import { timelineSchema, timelineStepSchema } from './lifecycle.schema';
import { LOCALES, type Locale } from './locales';

/** Request and answer schemas of the IPO calls, for the server's routes (zod stays out of the app's screens). */

/** Amounts and prices travel as decimal text in the offering's currency, as every money field. */
const amount = z.union([z.string(), z.number()]);
const reference = z.union([z.number(), z.string().trim().min(1)]);
const text = (max: number) => z.string().trim().min(1).max(max);
const when = z.iso.datetime({ offset: true });

const textsSchema = z.object({ description: text(IPO_TEXT_MAX), risk: text(IPO_TEXT_MAX) });

/** POST /api/admin/ipo/offerings and PUT /api/admin/ipo/offerings/{id}: texts in every language. */
export const ipoOfferingBodySchema = z.object({
  company: text(IPO_NAME_MAX),
  ticker: z.string().trim().regex(/^[A-Za-z0-9.]{1,10}$/).max(IPO_TICKER_MAX),
  prospectus_url: z.url({ protocol: /^https?$/ }).max(2_000).nullish(),
  currency_id: reference,
  price_min: amount,
  price_max: amount,
  shares_offered: z.number().int().positive().max(1_000_000_000),
  min_application: amount,
  max_application: amount,
  opens_at: when,
  closes_at: when,
  allocation_at: when,
  lockup_days: z.number().int().min(0).max(IPO_LOCKUP_DAYS_MAX),
  texts: z.object(Object.fromEntries(LOCALES.map((lang) => [lang, textsSchema])) as Record<Locale, typeof textsSchema>),
});
export type IpoOfferingBody = z.output<typeof ipoOfferingBodySchema>;

/** POST /api/admin/ipo/offerings/{id}/steps */
export const ipoStepBodySchema = z.object({
  event: z.enum(['offering.announce', 'offering.open', 'offering.close', 'offering.list', 'offering.cancel']),
  reason: z.string().trim().max(500).optional(),
});

/** POST /api/admin/ipo/offerings/{id}/price */
export const ipoPriceBodySchema = z.object({
  price: amount,
  hours: z.number().int().min(IPO_RECONFIRM_HOURS_MIN).max(IPO_RECONFIRM_HOURS_MAX).optional().describe('Hours clients have to reconfirm a price far outside the range; 48 when left out'),
});

/** GET /api/admin/ipo/offerings/{id}/timeline: each step with the name of the staff member who made it. */
export const ipoStaffTimelineSchema = timelineSchema.extend({
  steps: z.array(timelineStepSchema.extend({ actor: z.string().nullable() })),
}) satisfies z.ZodType<IpoStaffTimeline>;

/** POST /api/admin/ipo/offerings/{id}/allocation/preview and …/allocate */
export const ipoAllocateBodySchema = z.object({ per_client_max: z.number().int().positive().max(1_000_000_000).nullish() });

/** POST /api/ipo/offerings/{id}/applications */
export const ipoApplyBodySchema = z.object({ account_id: reference, amount });
/** PATCH /api/ipo/applications/{id} */
export const ipoChangeBodySchema = z.object({ amount });

/** POST /api/ipo/appropriateness: each question's chosen answer. */
export const ipoTestBodySchema = z.object({
  answers: z.object(Object.fromEntries(IPO_TEST_QUESTIONS.map((q) => [q.id, z.string().max(40)])) as Record<(typeof IPO_TEST_QUESTIONS)[number]['id'], z.ZodString>),
});

const questionIds = IPO_TEST_QUESTIONS.map((q) => q.id) as [(typeof IPO_TEST_QUESTIONS)[number]['id'], ...(typeof IPO_TEST_QUESTIONS)[number]['id'][]];

export const ipoAppropriatenessSchema = z.object({
  passed: z.boolean().nullable(),
  taken_at: z.string().nullable(),
  retake_at: z.string().nullable(),
  wrong: z.array(z.enum(questionIds)),
}) satisfies z.ZodType<IpoAppropriateness>;

const offeringFields = {
  id: z.number(),
  company: z.string(),
  ticker: z.string(),
  prospectus_url: z.string().nullable(),
  prospectus: z.object({ file_name: z.string(), size: z.number().int() }).nullable(),
  currency: z.object({ code: z.string(), precision: z.number() }),
  price_min: z.number(),
  price_max: z.number(),
  final_price: z.number().nullable(),
  shares_offered: z.number(),
  min_application: z.number(),
  max_application: z.number(),
  opens_at: z.string(),
  closes_at: z.string(),
  allocation_at: z.string(),
  lockup_days: z.number(),
  lockup_ends_at: z.string(),
  state: z.enum(IPO_OFFERING_STATES),
  reconfirm_until: z.string().nullable(),
  allocation_rule: z.enum(IPO_ALLOCATION_RULES),
  per_client_max: z.number().nullable(),
  allocated_at: z.string().nullable(),
};

export const ipoOfferingSchema = z.object({ ...offeringFields, description: z.string(), risk: z.string() }) satisfies z.ZodType<IpoOffering>;

export const adminIpoOfferingSchema = z.object({
  ...offeringFields,
  texts: z.object(Object.fromEntries(LOCALES.map((lang) => [lang, z.object({ description: z.string(), risk: z.string() })])) as Record<Locale, z.ZodObject<{ description: z.ZodString; risk: z.ZodString }>>),
  applications: z.number(),
  demand: z.number(),
}) satisfies z.ZodType<AdminIpoOffering>;

export const ipoApplicationSchema = z.object({
  id: z.number(),
  offering_id: z.number(),
  account_id: z.number(),
  account_number: z.string(),
  amount: z.number(),
  held: z.number(),
  status: z.enum(IPO_APPLICATION_STATUSES),
  requested_shares: z.number().nullable(),
  allocated_shares: z.number().nullable(),
  allocated_amount: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<IpoApplication>;

export const ipoOfferingViewSchema = z.object({ offering: ipoOfferingSchema, application: ipoApplicationSchema.nullable() }) satisfies z.ZodType<IpoOfferingView>;
export const ipoHoldingSchema = z.object({ offering: ipoOfferingSchema, application: ipoApplicationSchema });

export const ipoAllocationPreviewSchema = z.object({
  rule: z.enum(IPO_ALLOCATION_RULES),
  price: z.number(),
  shares_offered: z.number(),
  per_client_max: z.number().nullable(),
  requested_shares: z.number(),
  allocated_shares: z.number(),
  lines: z.array(
    z.object({
      application_id: z.number(),
      client: z.string(),
      amount: z.number(),
      requested_shares: z.number(),
      allocated_shares: z.number(),
      allocated_amount: z.number(),
      released: z.number(),
    }),
  ),
}) satisfies z.ZodType<IpoAllocationPreview>;
