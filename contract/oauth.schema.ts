import { z } from 'zod';
import type { OAuthIdentity, OAuthProviderInfo, OAuthStartResponse } from './oauth';

/** Answers of the OAuth calls (the types in oauth.ts are what the app reads). */

export const oauthProviderInfoSchema = z.object({ id: z.string(), name: z.string() }) satisfies z.ZodType<OAuthProviderInfo>;

export const oauthIdentitySchema = z.object({
  provider: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<OAuthIdentity>;

export const oauthStartResponseSchema = z.object({ url: z.string() }) satisfies z.ZodType<OAuthStartResponse>;

/** GET /api/oauth/{provider}/callback: what the provider sends back to the popup. Never refused: a bad query fails the sign-in on the popup page. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
