import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminIpoOfferingSchema,
  ipoAllocateBodySchema,
  ipoAllocationPreviewSchema,
  ipoApplicationSchema,
  ipoApplyBodySchema,
  ipoAppropriatenessSchema,
  ipoChangeBodySchema,
  ipoHoldingSchema,
  ipoOfferingBodySchema,
  ipoOfferingViewSchema,
  ipoPriceBodySchema,
  ipoStaffTimelineSchema,
  ipoStepBodySchema,
  ipoTestBodySchema,
} from '../../contract/ipo.schema.ts';
import { intlLocale } from '../../contract/locales.ts';
import { t } from '../i18n/index.ts';
import { IpoRefused } from '../services/ipo.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError } from './http-error.ts';
import { idParam } from './id-params.ts';
import { refusals } from './responses.ts';
import { validationFailed } from './validation.ts';

const tags = ['ipo'];
const staffTags = ['ipo (staff)'];
const params = z.object({ id: idParam });

/** A refused application step as 409 in the caller's language. */
async function answering<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof IpoRefused)) throw error;
    const { locale } = request;
    const value = error.at ? `${new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(error.at))} UTC` : '';
    throw new HttpError(409, { message: t(locale, `ipo.${error.reason}`, { value }) });
  }
}

/**
 * IPO subscriptions (services/ipo.ts). Clients: offerings from announced on, the appropriateness
 * test, applications held on a trading account. Staff: offerings through their lifecycle
 * (machines/ipo-offering), the final price, the allocation with its preview.
 */
export const ipoRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const ipo = services.ipo;

  app.get(
    '/api/ipo/offerings',
    { preValidation: guard.signedIn, schema: { summary: 'Offerings from announced on, with the caller’s application in each', tags, response: { 200: z.array(ipoOfferingViewSchema), ...refusals(401) } } },
    async (request) => ipo.list(authOf(request).user.id, request.locale),
  );

  app.get(
    '/api/ipo/offerings/:id',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'One offering (texts in the request’s language) and the caller’s latest application in it', tags, params, response: { 200: ipoOfferingViewSchema, ...refusals(401, 404) } },
    },
    async (request) => ipo.view(authOf(request).user.id, request.params.id, request.locale),
  );

  app.get(
    '/api/ipo/holdings',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'The caller’s applications holding money, and allocations of offerings not listed yet (the portfolio’s IPO holdings)', tags, response: { 200: z.array(ipoHoldingSchema), ...refusals(401) } },
    },
    async (request) => ipo.holdings(authOf(request).user.id, request.locale),
  );

  app.get(
    '/api/ipo/appropriateness',
    { preValidation: guard.signedIn, schema: { summary: 'The caller’s appropriateness test: passed, failed (the questions answered wrong, when to retake) or not taken', tags, response: { 200: ipoAppropriatenessSchema, ...refusals(401) } } },
    async (request) => ipo.appropriateness(authOf(request).user.id),
  );

  app.post(
    '/api/ipo/appropriateness',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Take the appropriateness test; a failure can be retaken after 24 hours (409 before)',
        tags,
        body: ipoTestBodySchema,
        response: { 200: ipoAppropriatenessSchema, ...refusals(401, 409, 422) },
      },
    },
    async (request) => answering(request, () => ipo.takeTest(authOf(request).user.id, request.body.answers)),
  );

  app.post(
    '/api/ipo/offerings/:id/applications',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Apply: the amount is held on the account (not spent) until allocation',
        description:
          'The account must be the caller’s, active, in the offering’s currency; the amount within the offering’s limits and no more than the account’s available money ' +
          '(the platform’s balance, no more than its free margin, less pending withdrawals and other holds). 409 when the window is closed, the test is not passed, or an application holds money already.',
        tags,
        params,
        body: ipoApplyBodySchema,
        response: { 201: ipoApplicationSchema, ...refusals(401, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await answering(request, () => ipo.apply(authOf(request).user.id, request.params.id, request.body))),
  );

  app.patch(
    '/api/ipo/applications/:id',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'Change one’s application’s amount while the window is open', tags, params, body: ipoChangeBodySchema, response: { 200: ipoApplicationSchema, ...refusals(401, 404, 409, 422, 503) } },
    },
    async (request) => answering(request, () => ipo.change(authOf(request).user.id, request.params.id, request.body.amount)),
  );

  app.post(
    '/api/ipo/applications/:id/cancel',
    { preValidation: guard.signedIn, schema: { summary: 'Cancel one’s application while the window is open: the hold is released', tags, params, response: { 200: ipoApplicationSchema, ...refusals(401, 404, 409) } } },
    async (request) => answering(request, () => ipo.cancel(authOf(request).user.id, request.params.id)),
  );

  app.post(
    '/api/ipo/applications/:id/reconfirm',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'Reconfirm one’s application at a final price far outside the range, before the deadline', tags, params, response: { 200: ipoApplicationSchema, ...refusals(401, 404, 409) } },
    },
    async (request) => answering(request, () => ipo.reconfirm(authOf(request).user.id, request.params.id)),
  );

  app.get(
    '/api/admin/ipo/offerings',
    { preValidation: guard.admin, schema: { summary: 'Staff: every offering with its book (applications holding money, their total)', tags: staffTags, response: { 200: z.array(adminIpoOfferingSchema), ...refusals(401, 403) } } },
    async () => ipo.adminList(),
  );

  app.get(
    '/api/admin/ipo/offerings/:id',
    { preValidation: guard.admin, schema: { summary: 'Staff: one offering with its texts in every language', tags: staffTags, params, response: { 200: adminIpoOfferingSchema, ...refusals(401, 403, 404) } } },
    async (request) => ipo.adminGet(request.params.id),
  );

  app.get(
    '/api/admin/ipo/offerings/:id/timeline',
    { preValidation: guard.admin, schema: { summary: 'Staff: the offering’s lifecycle steps, each with who made it', tags: staffTags, params, response: { 200: ipoStaffTimelineSchema, ...refusals(401, 403, 404) } } },
    async (request) => ipo.timeline(request.params.id),
  );

  app.post(
    '/api/admin/ipo/offerings',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: create an offering (a draft)', tags: staffTags, body: ipoOfferingBodySchema, response: { 201: adminIpoOfferingSchema, ...refusals(401, 403, 422) } },
    },
    async (request, reply) => reply.code(201).send(await ipo.create(authOf(request).user.id, request.body)),
  );

  app.put(
    '/api/admin/ipo/offerings/:id',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: edit an offering before its window opens (409 after)', tags: staffTags, params, body: ipoOfferingBodySchema, response: { 200: adminIpoOfferingSchema, ...refusals(401, 403, 404, 409, 422) } },
    },
    async (request) => ipo.update(authOf(request).user.id, request.params.id, request.body),
  );

  app.post(
    '/api/admin/ipo/offerings/:id/steps',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: announce, open, close, list or cancel (with a reason: every hold is released)',
        tags: staffTags,
        params,
        body: ipoStepBodySchema,
        response: { 200: adminIpoOfferingSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { event, reason } = request.body;
      // The client reads the reason: a cancellation without one is refused before the machine is asked.
      if (event === 'offering.cancel' && !reason) throw validationFailed(request.locale, [{ field: 'reason', rule: 'required' }]);
      return ipo.step(authOf(request).user.id, request.params.id, event, reason);
    },
  );

  app.post(
    '/api/admin/ipo/offerings/:id/price',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: set the final price of a closed offering',
        description: 'More than 20% outside the range: every holding application waits for its client’s reconfirmation for `hours` (48 by default), or lapses and is released.',
        tags: staffTags,
        params,
        body: ipoPriceBodySchema,
        response: { 200: adminIpoOfferingSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ipo.price(authOf(request).user.id, request.params.id, request.body.price, request.body.hours),
  );

  app.post(
    '/api/admin/ipo/offerings/:id/allocation/preview',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: the pro-rata allocation at the final price, not applied', tags: staffTags, params, body: ipoAllocateBodySchema, response: { 200: ipoAllocationPreviewSchema, ...refusals(401, 403, 404, 409) } },
    },
    async (request) => answering(request, () => ipo.preview(request.params.id, request.body.per_client_max ?? null)),
  );

  app.post(
    '/api/admin/ipo/offerings/:id/allocate',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: allocate pro-rata: the allocated amounts are taken from the holds, the rest released at once',
        tags: staffTags,
        params,
        body: ipoAllocateBodySchema,
        response: { 200: ipoAllocationPreviewSchema, ...refusals(401, 403, 404, 409) },
      },
    },
    async (request) => ipo.allocate(authOf(request).user.id, request.params.id, request.body.per_client_max ?? null),
  );
};
