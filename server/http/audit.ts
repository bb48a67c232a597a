import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../contract/security-activity.schema.ts';
import type { Api } from './api.ts';
import { refusals } from './responses.ts';

/**
 * Staff: the audit log of every staff action (docs/adr/0088). Read only: the log has no route
 * that changes or removes an entry.
 */
export const staffAuditRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  app.get(
    '/api/admin/audit',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: the audit log, newest first, filtered by actor, action, object and days (UTC)',
        tags: ['staff'],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...refusals(401, 403, 422) },
      },
    },
    async (request) => services.staffAudit.page(request.query),
  );
};
