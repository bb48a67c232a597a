import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OAuthIdentity, OAuthProviderInfo, OAuthStartResponse } from '../../contract/oauth.ts';
import type { Services } from '../services/index.ts';
import type { OAuthProvider } from '../services/oauth-providers.ts';
import { isProviderId } from '../services/oauth-providers.ts';
import { OAUTH_STATE_TTL_SECONDS } from '../services/oauth-state.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { POPUP_SCRIPT, sendPopup } from './oauth-popup.ts';

export const OAUTH_COOKIE = 'oauth_state';
const COOKIE_PATH = '/api/oauth';

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/**
 * OAuth sign-in and linking. POST /api/oauth/{provider} (seed) and POST /api/oauth/{provider}/link
 * answer the provider's address and set the flow cookie (state, PKCE verifier, nonce; signed,
 * HttpOnly, 10 minutes, path /api/oauth); GET /api/oauth/{provider}/callback finishes the flow
 * and answers the popup page. GET /api/oauth/providers lists the configured providers.
 */
export const oauthRoutes: FastifyPluginAsync<{ services: Services; appUrl: string }> = async (app, { services, appUrl }) => {
  const secure = appUrl.startsWith('https:');
  const appOrigin = new URL(appUrl).origin;

  function providerOr404(request: FastifyRequest<{ Params: { provider: string } }>): OAuthProvider {
    const provider = services.oauth.find(request.params.provider);
    if (!provider) throw notFound(request.locale);
    return provider;
  }

  async function start(request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply, linkUserId: number | null): Promise<OAuthStartResponse> {
    const provider = providerOr404(request);
    const { url, sealed } = await services.oauth.start(provider, { linkUserId, locale: request.locale });
    reply.setCookie(OAUTH_COOKIE, sealed, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: OAUTH_STATE_TTL_SECONDS });
    return { url };
  }

  app.get('/api/oauth/providers', async (): Promise<OAuthProviderInfo[]> => services.oauth.enabled());

  app.get('/api/oauth/popup.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(POPUP_SCRIPT),
  );

  app.post<{ Params: { provider: string } }>('/api/oauth/:provider', async (request, reply) => start(request, reply, null));

  app.post<{ Params: { provider: string } }>('/api/oauth/:provider/link', { preHandler: requireAuth(services) }, async (request, reply) =>
    start(request, reply, authOf(request).user.id),
  );

  app.get<{ Params: { provider: string } }>('/api/oauth/:provider/callback', async (request, reply) => {
    const parsed = callbackQuery.safeParse(request.query);
    const query = parsed.success ? parsed.data : {};
    const flow = services.oauth.flow(request.cookies[OAUTH_COOKIE]);
    // One use: whatever happens next, this flow is over.
    reply.clearCookie(OAUTH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
    const outcome = await services.oauth.finish(request.params.provider, flow, query, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    if (outcome.kind === 'failed' && outcome.cause) request.log.warn({ err: outcome.cause }, 'OAuth provider refused or failed');
    return sendPopup(reply, { outcome, locale: flow?.locale ?? request.locale, appOrigin });
  });

  app.get('/api/oauth/identities', { preHandler: requireAuth(services) }, async (request): Promise<OAuthIdentity[]> =>
    services.oauth.identities(authOf(request).user.id),
  );

  app.delete<{ Params: { provider: string } }>('/api/oauth/identities/:provider', { preHandler: requireAuth(services) }, async (request, reply) => {
    const { provider } = request.params;
    if (!isProviderId(provider) || !(await services.oauth.unlink(authOf(request).user.id, provider))) throw notFound(request.locale);
    return reply.code(204).send();
  });
};
