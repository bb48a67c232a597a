import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PARTNER_COOKIE } from '../../contract/partners.ts';
import {
  partnerApplicationBodySchema,
  partnerApplicationSchema,
  partnerClientsSchema,
  partnerLinkBodySchema,
  partnerLinkSchema,
  partnerMeSchema,
  partnerPayoutBodySchema,
  partnerPayoutSchema,
  partnerRewardsQuerySchema,
  partnerStatsQuerySchema,
  partnerStatsSchema,
  partnerVisitParams,
  partnerVisitQuery,
  rewardPageSchema,
  subPartnerSchema,
} from '../../contract/partners.schema.ts';
import { PartnerRefused } from '../services/partners/index.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { idempotencyHeader, replayed, requireKey, send } from './idempotency-key.ts';
import { notFound } from './http-error.ts';
import { answering } from './partner-errors.ts';
import { refusals } from './responses.ts';
import { requireStepUp } from './step-up.ts';
import type { FastifyRequest } from 'fastify';

const tags = ['partners'];
const DAY_SECONDS = 86_400;

/**
 * The partner program for the client (docs/adr/0095): GET /api/partner, the application, links,
 * statistics, clients, reward lines, sub-partners and payouts; and the public referral link
 * GET /r/{code}, which records the click and sets the first-touch cookie.
 */
export const partnerRoutes: FastifyPluginAsyncZod<Api & { cookieDays: number }> = async (app, { services, guard, cookieDays }) => {
  const partners = services.partners;
  const preValidation = guard.signedIn;
  /** The caller's partner id; 403 for a client who is not a partner. */
  const partnerOf = (request: FastifyRequest) =>
    answering(request, async () => {
      const id = await partners.partnerIdOf(authOf(request).user.id);
      if (id === null) throw new PartnerRefused('not_partner');
      return id;
    });
  const onlyPartners = 'A client who is not a partner gets 403.';

  app.get(
    '/r/:code',
    {
      schema: {
        summary: 'A referral link: records the click, sets the first-touch cookie and opens the registration',
        description: `Sets \`${PARTNER_COOKIE}\` (HttpOnly, PARTNER_COOKIE_DAYS days) unless the browser holds one of a click still in its lifetime: the first touch wins. 302 to /{lang}/register, also for an unknown code (no cookie then).`,
        tags,
        params: partnerVisitParams,
        querystring: partnerVisitQuery,
        response: { 302: z.null().describe('To /{lang}/register') },
      },
    },
    async (request, reply) => {
      const current = request.cookies[PARTNER_COOKIE] ?? null;
      const { token } = await partners.links.visit(request.params.code, current, request.ip, request.headers['user-agent'] ?? null);
      if (token) reply.setCookie(PARTNER_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: cookieDays * DAY_SECONDS });
      return reply.redirect(`/${request.query.lang ?? request.locale}/register`, 302);
    },
  );

  app.get(
    '/api/partner',
    { preValidation, schema: { summary: 'Where the caller stands in the partner program', tags, response: { 200: partnerMeSchema, ...refusals(401) } } },
    (request) => partners.applications.me(authOf(request).user.id),
  );

  app.post(
    '/api/partner/application',
    {
      preValidation,
      schema: {
        summary: 'Apply to become a partner',
        description: 'Approved at once when a plan is marked automatic. 409 when the caller is a partner or has an application waiting.',
        tags,
        body: partnerApplicationBodySchema,
        response: { 201: partnerApplicationSchema, ...refusals(401, 409, 422) },
      },
    },
    async (request, reply) => {
      const application = await answering(request, () => partners.applications.apply(authOf(request).user.id, request.body));
      return reply.code(201).send(application);
    },
  );

  app.get(
    '/api/partner/links',
    { preValidation, schema: { summary: 'The partner’s referral links with their clicks and registrations', description: onlyPartners, tags, response: { 200: z.array(partnerLinkSchema), ...refusals(401, 403) } } },
    async (request) => partners.links.list(await partnerOf(request)),
  );

  app.post(
    '/api/partner/links',
    { preValidation, schema: { summary: 'Create a referral link for a campaign', description: onlyPartners, tags, body: partnerLinkBodySchema, response: { 201: partnerLinkSchema, ...refusals(401, 403, 422) } } },
    async (request, reply) => reply.code(201).send(await partners.links.create(await partnerOf(request), request.body.campaign)),
  );

  app.get(
    '/api/partner/stats',
    {
      preValidation,
      schema: {
        summary: 'Clicks, registrations, verified and funded clients, volume and rewards, per link, for a period',
        description: `Another partner’s link reads as missing (404). ${onlyPartners}`,
        tags,
        querystring: partnerStatsQuerySchema,
        response: { 200: partnerStatsSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const partnerId = await partnerOf(request);
      const { period, link } = request.query;
      const stats = await partners.reports.stats(partnerId, period, link);
      if (link !== undefined && stats.links.length === 0) throw notFound(request.locale);
      return stats;
    },
  );

  app.get(
    '/api/partner/clients',
    { preValidation, schema: { summary: 'The partner’s attributed clients (e-mail masked unless staff allow it)', description: onlyPartners, tags, response: { 200: partnerClientsSchema, ...refusals(401, 403) } } },
    async (request) => partners.reports.clients(await partnerOf(request)),
  );

  app.get(
    '/api/partner/rewards',
    {
      preValidation,
      schema: {
        summary: 'Reward lines, newest first, each traced to its deposit, deal or sub-partner’s line with the rate applied',
        description: onlyPartners,
        tags,
        querystring: partnerRewardsQuerySchema,
        response: { 200: rewardPageSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request) => partners.reports.rewards(await partnerOf(request), request.query),
  );

  app.get(
    '/api/partner/sub-partners',
    { preValidation, schema: { summary: 'Partners the caller recruited, and the caller’s share of their rewards', description: onlyPartners, tags, response: { 200: z.array(subPartnerSchema), ...refusals(401, 403) } } },
    async (request) => partners.reports.subPartners(await partnerOf(request)),
  );

  app.get(
    '/api/partner/payouts',
    { preValidation, schema: { summary: 'Withdrawals and transfers from the partner wallet', description: onlyPartners, tags, response: { 200: z.array(partnerPayoutSchema), ...refusals(401, 403) } } },
    async (request) => partners.payouts.list(await partnerOf(request)),
  );

  app.post(
    '/api/partner/payouts',
    {
      preValidation: [guard.signedIn, requireKey],
      schema: {
        summary: 'Withdraw from the partner wallet, or transfer to one of the caller’s live trading accounts',
        description:
          'A transfer (`account_id`: a live account in the wallet’s currency) is booked at once; a withdrawal waits for staff and needs a step-up (423, docs/adr/0084); ' +
          '`payment_method_id` is required when the wallet’s currency has a withdrawal method. Never more than the wallet holds (422 `insufficient_funds`). ' +
          `${replayed} ${onlyPartners}`,
        tags,
        headers: idempotencyHeader,
        body: partnerPayoutBodySchema,
        response: { 201: partnerPayoutSchema, ...refusals(401, 403, 409, 422, 423, 503) },
      },
    },
    async (request, reply) => {
      const partnerId = await partnerOf(request);
      if (request.body.kind === 'withdrawal') await requireStepUp(services, request);
      return send(reply, await partners.payouts.request(authOf(request).user.id, partnerId, request.body, request.headers['idempotency-key']));
    },
  );
};
