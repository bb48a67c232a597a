import { z } from 'zod';
import type { SessionInfo } from './account';

/** GET /api/settings/sessions: one signed-in device (the type in account.ts is what the app reads). */
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  platform: z.enum(['desktop', 'mobile', 'tablet', 'tv', 'unknown']),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  current: z.boolean(),
}) satisfies z.ZodType<SessionInfo>;

/** DELETE /api/settings/sessions: how many other sessions were signed out. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
