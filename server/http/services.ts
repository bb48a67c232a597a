import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOffer, ServiceRequest } from '../../contract/services.ts';
import { serviceRequestBodySchema } from '../../contract/services.schema.ts';
import type { Services } from '../services/index.ts';
import { UnknownServiceError } from '../services/service-requests.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { spendAttempt } from './rate-limit.ts';
import { validate, validationFailed } from './validation.ts';

/** The broker's services and a client's requests for them (ours; see docs/api.md). */
export const serviceRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const auth = { preHandler: requireAuth(services) };

  app.get('/api/services', auth, async (request): Promise<ServiceOffer[]> => services.serviceCatalog.offers(request.locale));

  app.get('/api/service-requests', auth, async (request): Promise<ServiceRequest[]> =>
    services.serviceCatalog.requestsOf(authOf(request).user.id, request.locale),
  );

  app.post('/api/service-requests', auth, async (request, reply): Promise<ServiceRequest> => {
    const body = validate(serviceRequestBodySchema, request.body, request.locale);
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
      reply.code(201);
      return stored;
    } catch (error) {
      // Only stored requests count.
      await services.throttles.serviceRequest.giveBack(throttleKey);
      if (error instanceof UnknownServiceError) throw validationFailed(request.locale, [{ field: 'service_id', rule: 'in' }]);
      throw error;
    }
  });
};
