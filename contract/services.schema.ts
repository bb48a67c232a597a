import { z } from 'zod';
import { idNumber } from './ids.schema';
import { SERVICE_NOTE_MAX, SERVICE_REQUEST_STATUSES, type ServiceOffer, type ServiceRequest } from './services';

/** POST /api/service-requests */
export const serviceRequestBodySchema = z.object({
  service_id: idNumber,
  note: z
    .string()
    .trim()
    .max(SERVICE_NOTE_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
});

// Answers (the types in services.ts are what the app reads; each schema is checked against its type).

export const serviceOfferSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  icon: z.string(),
  title: z.string(),
  description: z.string(),
}) satisfies z.ZodType<ServiceOffer>;

export const serviceRequestSchema = z.object({
  id: z.number().int(),
  service: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  note: z.string().nullable(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  created_at: z.string(),
}) satisfies z.ZodType<ServiceRequest>;
