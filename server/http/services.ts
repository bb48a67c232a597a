import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceOfferSchema, serviceRequestBodySchema, serviceRequestSchema } from '../../contract/services.schema.ts';
import { UnknownServiceError } from '../services/service-requests.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { spendAttempt } from './rate-limit.ts';
import { refusals } from './responses.ts';
import { validationFailed } from './validation.ts';

const tags = ['services'];

/** The broker's services and a client's requests for them (ours; see docs/api.md). */
export const serviceRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.signedIn;

  app.get(
    '/api/services',
    { preValidation, schema: { summary: 'The active services, in the request’s language', tags, response: { 200: z.array(serviceOfferSchema), ...refusals(401) } } },
    async (request) => services.serviceCatalog.offers(request.locale),
  );

  app.get(
    '/api/service-requests',
    { preValidation, schema: { summary: 'The caller’s requests, newest first', tags, response: { 200: z.array(serviceRequestSchema), ...refusals(401) } } },
    async (request) => services.serviceCatalog.requestsOf(authOf(request).user.id, request.locale),
  );

  app.post(
    '/api/service-requests',
    {
      preValidation,
      schema: {
        summary: 'Ask for a service (a manager is told)',
        tags,
        body: serviceRequestBodySchema,
        response: { 201: serviceRequestSchema, ...refusals(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const userId = authOf(request).user.id;
      // Every request reaches a manager (and, with the chat, their inbox): a flood is refused.
      const throttleKey = String(userId);
      await spendAttempt([[services.throttles.serviceRequest, throttleKey]], request.locale);
      try {
        const stored = await services.serviceCatalog.request({
          userId,
          serviceId: body.service_id,
          note: body.note,
          lang: request.locale,
        });
        return reply.code(201).send(stored);
      } catch (error) {
        // Only stored requests count.
        await services.throttles.serviceRequest.giveBack(throttleKey);
        if (error instanceof UnknownServiceError) throw validationFailed(request.locale, [{ field: 'service_id', rule: 'in' }]);
        throw error;
      }
    },
  );
};
