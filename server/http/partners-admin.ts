import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYOUT_STATUSES } from '../../contract/partners.ts';
import {
  accrualResultSchema,
  adminPartnerApplicationSchema,
  adminPartnerSchema,
  makePartnerBodySchema,
  partnerAccrueBodySchema,
  partnerApplicationsQuerySchema,
  partnerApproveBodySchema,
  partnerFlagResolveBodySchema,
  partnerFlagSchema,
  partnerFlagsQuerySchema,
  partnerPayoutSchema,
  partnerPlanAssignBodySchema,
  partnerPlanBodySchema,
  partnerPlanSchema,
  partnerRejectBodySchema,
  partnerShowEmailsBodySchema,
} from '../../contract/partners.schema.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { answering } from './partner-errors.ts';
import { refusals } from './responses.ts';

const tags = ['partners (staff)'];
const params = z.object({ id: idParam });
const lifecycleNote = 'An application decided already (or by someone else meanwhile) is 409.';

/** Staff: applications, plans, partners, flagged attributions, partner withdrawals and the daily accrual (docs/adr/0095). */
export const partnerAdminRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const partners = services.partners;
  const preValidation = guard.admin;
  const staffId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  const exists = async (id: number, locale: Parameters<typeof notFound>[0]) => {
    if (!(await partners.list()).some((p) => p.id === id)) throw notFound(locale);
  };

  app.get(
    '/api/admin/partners/applications',
    { preValidation, schema: { summary: 'Staff: partner applications, newest first', tags, querystring: partnerApplicationsQuerySchema, response: { 200: z.array(adminPartnerApplicationSchema), ...refusals(401, 403, 422) } } },
    (request) => partners.applications.list(request.query.state),
  );

  app.post(
    '/api/admin/partners/applications/:id/approve',
    {
      preValidation,
      schema: {
        summary: 'Staff: approve an application onto a plan (default: the default plan)',
        description: lifecycleNote,
        tags,
        params,
        body: partnerApproveBodySchema,
        response: { 200: adminPartnerApplicationSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    (request) => answering(request, () => partners.applications.approve(staffId(request), request.params.id, request.body?.plan_id)),
  );

  app.post(
    '/api/admin/partners/applications/:id/reject',
    {
      preValidation,
      schema: {
        summary: 'Staff: reject an application, with the reason the client reads',
        description: lifecycleNote,
        tags,
        params,
        body: partnerRejectBodySchema,
        response: { 200: adminPartnerApplicationSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    (request) => answering(request, () => partners.applications.reject(staffId(request), request.params.id, request.body.reason)),
  );

  app.get(
    '/api/admin/partner-plans',
    { preValidation, schema: { summary: 'Staff: reward plans', tags, response: { 200: z.array(partnerPlanSchema), ...refusals(401, 403) } } },
    () => partners.plans.list(),
  );

  app.post(
    '/api/admin/partner-plans',
    {
      preValidation,
      schema: {
        summary: 'Staff: define a reward plan',
        description: 'Marking it default or automatic takes that mark from the other plans.',
        tags,
        body: partnerPlanBodySchema,
        response: { 201: partnerPlanSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await partners.plans.create(request.body)),
  );

  app.put(
    '/api/admin/partner-plans/:id',
    {
      preValidation,
      schema: {
        summary: 'Staff: change a reward plan (its currency stays)',
        description: 'New rates apply to rewards computed from now on; to change a partner’s rates from a given day, assign another plan from that day.',
        tags,
        params,
        body: partnerPlanBodySchema,
        response: { 200: partnerPlanSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    (request) => partners.plans.update(request.params.id, request.body),
  );

  app.get(
    '/api/admin/partners',
    { preValidation, schema: { summary: 'Staff: partners with their plan, clients and wallet', tags, response: { 200: z.array(adminPartnerSchema), ...refusals(401, 403) } } },
    () => partners.list(),
  );

  app.post(
    '/api/admin/partners',
    {
      preValidation,
      schema: { summary: 'Staff: make a client a partner directly', description: '409 when the client is a partner already.', tags, body: makePartnerBodySchema, response: { 201: adminPartnerSchema, ...refusals(401, 403, 409, 422) } },
    },
    async (request, reply) => reply.code(201).send(await answering(request, () => partners.makePartner(staffId(request), request.body.user_id, request.body.plan_id))),
  );

  app.put(
    '/api/admin/partners/:id/plan',
    {
      preValidation,
      schema: {
        summary: 'Staff: put a partner on a plan from a day on (default today)',
        description: 'Deals and deposits before that day keep the plan then in force. The plan must be in the wallet’s currency.',
        tags,
        params,
        body: partnerPlanAssignBodySchema,
        response: { 200: adminPartnerSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await exists(request.params.id, request.locale);
      return partners.assignPlan(staffId(request), request.params.id, request.body.plan_id, request.body.effective_from);
    },
  );

  app.put(
    '/api/admin/partners/:id/show-emails',
    {
      preValidation,
      schema: { summary: 'Staff: let a partner see their clients’ e-mail addresses, or mask them again', tags, params, body: partnerShowEmailsBodySchema, response: { 200: adminPartnerSchema, ...refusals(401, 403, 404, 422) } },
    },
    async (request) => {
      await exists(request.params.id, request.locale);
      return partners.setShowEmails(request.params.id, request.body.show_emails);
    },
  );

  app.get(
    '/api/admin/partners/flags',
    { preValidation, schema: { summary: 'Staff: registrations held for the partner’s own address or device', tags, querystring: partnerFlagsQuerySchema, response: { 200: z.array(partnerFlagSchema), ...refusals(401, 403, 422) } } },
    (request) => partners.flags.list(request.query.state),
  );

  app.post(
    '/api/admin/partners/flags/:id/resolve',
    {
      preValidation,
      schema: {
        summary: 'Staff: count a flagged attribution for the partner, or dismiss it',
        description: 'A flag resolved already is 409.',
        tags,
        params,
        body: partnerFlagResolveBodySchema,
        response: { 200: partnerFlagSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => (await answering(request, () => partners.resolveFlag(staffId(request), request.params.id, request.body.decision))).flag,
  );

  app.get(
    '/api/admin/partners/payouts',
    {
      preValidation,
      schema: {
        summary: 'Staff: partner withdrawals',
        tags,
        querystring: z.object({ status: z.enum(PAYOUT_STATUSES).optional() }),
        response: { 200: z.array(partnerPayoutSchema.extend({ partner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }) })), ...refusals(401, 403, 422) },
      },
    },
    (request) => partners.payouts.staffList(request.query.status),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/partners/payouts/:id/${decision}`,
      {
        preValidation,
        schema: {
          summary: decision === 'approve' ? 'Staff: pay out a partner withdrawal' : 'Staff: reject a partner withdrawal (the money goes back to the wallet)',
          description: 'A withdrawal decided already is 409.',
          tags,
          params,
          ...(decision === 'reject' ? { body: partnerRejectBodySchema } : {}),
          response: { 200: partnerPayoutSchema, ...refusals(401, 403, 404, 409, 422) },
        },
      },
      (request) =>
        answering(request, () =>
          partners.payouts.decide(staffId(request), request.params.id, decision === 'approve' ? { type: 'approve' } : { type: 'reject', reason: (request.body as { reason: string }).reason }),
        ),
    );
  }

  app.post(
    '/api/admin/partners/accrue',
    {
      preValidation,
      schema: {
        summary: 'Staff: run the daily reward accrual for a day now (default yesterday, UTC)',
        description: 'Idempotent: a line per deal, deposit and level at most; a second run adds none.',
        tags,
        body: partnerAccrueBodySchema,
        response: { 200: accrualResultSchema, ...refusals(401, 403, 422) },
      },
    },
    (request) => partners.rewards.accrue(request.body?.day),
  );
};
