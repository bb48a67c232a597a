import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oauthCallbackQuerySchema, oauthIdentitySchema, oauthProviderInfoSchema, oauthStartResponseSchema } from '../../contract/oauth.schema.ts';
import { isProviderId, type OAuthProvider } from '../services/oauth-providers.ts';
import { OAUTH_STATE_TTL_SECONDS } from '../services/oauth-state.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { POPUP_SCRIPT, sendPopup } from './oauth-popup.ts';
import { attributeSignUp } from './partner-attribution.ts';
import { asContent, noContent, refusals } from './responses.ts';

export const OAUTH_COOKIE = 'oauth_state';
const COOKIE_PATH = '/api/oauth';
const providerParams = z.object({ provider: z.string().describe('`github`, `google` or `oidc`') });
const tags = ['oauth'];

/**
 * OAuth sign-in and linking. POST /api/oauth/{provider} (seed) and POST /api/oauth/{provider}/link
 * answer the provider's address and set the flow cookie (state, PKCE verifier, nonce; signed,
 * HttpOnly, 10 minutes, path /api/oauth); GET /api/oauth/{provider}/callback finishes the flow
 * and answers the popup page. GET /api/oauth/providers lists the configured providers.
 */
export const oauthRoutes: FastifyPluginAsyncZod<Api & { appUrl: string }> = async (app, { services, guard, appUrl }) => {
  const secure = appUrl.startsWith('https:');
  const appOrigin = new URL(appUrl).origin;

  function providerOr404(request: FastifyRequest, name: string): OAuthProvider {
    const provider = services.oauth.find(name);
    if (!provider) throw notFound(request.locale);
    return provider;
  }

  async function start(request: FastifyRequest, reply: FastifyReply, name: string, linkUserId: number | null) {
    const provider = providerOr404(request, name);
    const { url, sealed } = await services.oauth.start(provider, { linkUserId, locale: request.locale });
    reply.setCookie(OAUTH_COOKIE, sealed, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: OAUTH_STATE_TTL_SECONDS });
    return { url };
  }

  app.get(
    '/api/oauth/providers',
    { schema: { summary: 'The configured providers, in button order', tags, response: { 200: z.array(oauthProviderInfoSchema) } } },
    async () => services.oauth.enabled(),
  );

  app.get(
    '/api/oauth/popup.js',
    { schema: { summary: 'The popup page’s script', tags, response: { 200: asContent('text/javascript', 'Posts the outcome to the opener on the app’s origin, then closes') } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(POPUP_SCRIPT),
  );

  app.post(
    '/api/oauth/:provider',
    {
      schema: {
        summary: 'Start a sign-in: the provider’s address, and the flow cookie',
        tags,
        params: providerParams,
        response: { 200: oauthStartResponseSchema, ...refusals(404) },
      },
    },
    async (request, reply) => start(request, reply, request.params.provider, null),
  );

  app.post(
    '/api/oauth/:provider/link',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Start linking the provider to the signed-in account',
        tags,
        params: providerParams,
        response: { 200: oauthStartResponseSchema, ...refusals(401, 404) },
      },
    },
    async (request, reply) => start(request, reply, request.params.provider, authOf(request).user.id),
  );

  app.get(
    '/api/oauth/:provider/callback',
    {
      // A bad query is not refused: the flow fails on the popup page like any other failure.
      attachValidation: true,
      schema: {
        summary: 'The provider’s redirect: finishes the flow, answers the popup page',
        tags,
        params: providerParams,
        querystring: oauthCallbackQuerySchema,
        response: {
          200: asContent('text/html', 'The popup page: signed in or linked'),
          400: asContent('text/html', 'The popup page: refused'),
          404: asContent('text/html', 'The popup page: unknown or unconfigured provider'),
        },
      },
    },
    async (request, reply) => {
      const query = request.validationError ? {} : request.query;
      const flow = services.oauth.flow(request.cookies[OAUTH_COOKIE]);
      // One use: whatever happens next, this flow is over.
      reply.clearCookie(OAUTH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
      const outcome = await services.oauth.finish(request.params.provider, flow, query, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if (outcome.kind === 'failed' && outcome.cause) request.log.warn({ err: outcome.cause }, 'OAuth provider refused or failed');
      // A sign-up through a provider is attributed like one through the form (the cookie's path is /).
      if (outcome.kind === 'signed-in' && outcome.created) await attributeSignUp(services, request, outcome.created);
      return sendPopup(reply, { outcome, locale: flow?.locale ?? request.locale, appOrigin });
    },
  );

  app.get(
    '/api/oauth/identities',
    { preValidation: guard.signedIn, schema: { summary: 'The providers linked to the user', tags, response: { 200: z.array(oauthIdentitySchema), ...refusals(401) } } },
    async (request) => services.oauth.identities(authOf(request).user.id),
  );

  app.delete(
    '/api/oauth/identities/:provider',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'Unlink a provider', tags, params: providerParams, response: { 204: noContent, ...refusals(401, 404) } },
    },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isProviderId(provider) || !(await services.oauth.unlink(authOf(request).user.id, provider))) throw notFound(request.locale);
      return reply.code(204).send();
    },
  );
};
