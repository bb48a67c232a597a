import { z } from 'zod';
import { idNumber } from './ids.schema';
import { SERVICE_NOTE_MAX } from './services';

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

