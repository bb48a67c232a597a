import { z } from 'zod';
import { DATA_EXPORT_STATUSES } from './privacy';

/** Answer schemas of the privacy calls (the types in privacy.ts are what the app reads). */

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  size: z.number().int().nullable(),
  download_url: z.string().nullable().describe('GET it with the owner’s bearer token while the export is ready'),
});

export const dataExportStatusSchema = z.object({ export: dataExportSchema.nullable(), next_request_at: z.string().nullable() });

const money = { currency: z.string(), precision: z.number().int(), amount: z.number().int().describe('Minor units') };

export const closureBlockerSchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('balance'), account_number: z.string(), ...money }),
  z.object({ reason: z.literal('positions'), account_number: z.string(), count: z.number().int() }),
  z.object({ reason: z.literal('pending_request'), account_number: z.string(), reference: z.string(), kind: z.string(), ...money }),
  z.object({ reason: z.literal('ipo_hold'), account_number: z.string(), company: z.string(), ...money }),
  z.object({ reason: z.literal('partner_wallet'), ...money }),
  z.object({ reason: z.literal('partner_payout'), reference: z.string(), ...money }),
]);

export const closureCheckSchema = z.object({ blockers: z.array(closureBlockerSchema) });

/** The download token in the path: 32 random bytes, base64url. */
export const exportTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
