import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentMethodBodySchema,
  paymentMethodSchema,
  paymentMethodsQuerySchema,
  updatePaymentMethodBodySchema,
} from '../../contract/payments.schema.ts';
import type { Api } from './api.ts';
import { notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { refusals } from './responses.ts';

const tags = ['payment methods'];

/** GET /api/payment-methods (clients); GET, POST, PATCH /api/admin/payment-methods[/:id] (staff). */
export const paymentMethodRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  app.get(
    '/api/payment-methods',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'How money can reach an account in a currency, or leave it',
        description: 'Enabled methods only, with fee (`fee_bps` of the amount, rounded up, plus `fee_fixed`), limits and expected time, so the wallet shows them before the client confirms.',
        tags,
        querystring: paymentMethodsQuerySchema,
        response: { 200: z.array(paymentMethodSchema), ...refusals(401, 422) },
      },
    },
    async (request) => services.paymentMethods.enabled(request.query.currency, request.query.direction),
  );

  app.get(
    '/api/admin/payment-methods',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: the whole catalogue, disabled methods too', tags, response: { 200: z.array(paymentMethodSchema), ...refusals(401, 403) } },
    },
    async () => services.paymentMethods.all(),
  );

  app.post(
    '/api/admin/payment-methods',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: add a method',
        description: 'Money in minor units of the currency.',
        tags,
        body: createPaymentMethodBodySchema,
        response: { 201: paymentMethodSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await services.paymentMethods.create(request.body)),
  );

  app.patch(
    '/api/admin/payment-methods/:id',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: change a method (fees, limits, directions, enabled)',
        tags,
        params: z.object({ id: idParam }),
        body: updatePaymentMethodBodySchema,
        response: { 200: paymentMethodSchema, ...refusals(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const method = await services.paymentMethods.update(request.params.id, request.body);
      if (!method) throw notFound(request.locale);
      return method;
    },
  );
};
