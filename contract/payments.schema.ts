import { z } from 'zod';
import { PAYMENT_DIRECTIONS, PAYMENT_METHOD_KINDS, type PaymentMethod } from './payments';

/** Request and answer schemas of the payment-method catalogue (server routes; the app reads payments.ts). */

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string(),
  currency: z.string(),
  precision: z.number().int(),
  directions: z.array(z.enum(PAYMENT_DIRECTIONS)),
  fee_bps: z.number().int(),
  fee_fixed: z.number().int(),
  min_amount: z.number().int(),
  max_amount: z.number().int().nullable(),
  eta_hours: z.number().int(),
  enabled: z.boolean(),
}) satisfies z.ZodType<PaymentMethod>;

/** GET /api/payment-methods: the enabled methods of one currency, for one direction when given. */
export const paymentMethodsQuerySchema = z.object({
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/),
  direction: z.enum(PAYMENT_DIRECTIONS).optional(),
});

/** Amounts in minor units (staff type them in the currency's smallest unit, like the catalogue stores them). */
const minor = z.number().int().min(0).max(1_000_000_000_000);

/** POST /api/admin/payment-methods */
export const createPaymentMethodBodySchema = z.object({
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string().trim().min(1).max(60),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/),
  directions: z.array(z.enum(PAYMENT_DIRECTIONS)).min(1).max(2),
  fee_bps: z.number().int().min(0).max(10_000),
  fee_fixed: minor,
  min_amount: minor,
  max_amount: minor.nullable(),
  eta_hours: z.number().int().min(0).max(24 * 30),
  enabled: z.boolean().optional().default(true),
});
export type CreatePaymentMethodBody = z.output<typeof createPaymentMethodBodySchema>;

/** PATCH /api/admin/payment-methods/{id}: any of the fields but the currency. */
export const updatePaymentMethodBodySchema = createPaymentMethodBodySchema.omit({ currency: true }).partial().extend({ enabled: z.boolean().optional() });
export type UpdatePaymentMethodBody = z.output<typeof updatePaymentMethodBodySchema>;
