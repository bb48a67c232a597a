import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentFileQuerySchema } from '../../contract/verification.schema.ts';
import {
  adminTicketSchema,
  adminTicketSummarySchema,
  ticketAssignBodySchema,
  ticketFieldsSchema,
  ticketFileParams,
  ticketQueueQuerySchema,
  ticketRatingBodySchema,
  ticketReplyFieldsSchema,
  ticketReplyUploadSchema,
  ticketSchema,
  ticketStaffMemberSchema,
  ticketStatusBodySchema,
  ticketSummarySchema,
  ticketUploadSchema,
} from '../../contract/tickets.schema.ts';
import { t } from '../i18n/index.ts';
import { TicketRefused } from '../services/tickets.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError, httpError, notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { spendAttempt } from './rate-limit.ts';
import { asContent, refusals } from './responses.ts';
import { readTicketForm, refuseOversizedTicketUpload, TICKET_MULTIPART_LIMITS } from './ticket-uploads.ts';
import { validationFailed } from './validation.ts';
import { sendStoredFile } from './stored-file.ts';

const tags = ['tickets'];
const staffTags = ['tickets (staff)'];
const ticketParams = z.object({ id: idParam });

/** A service's refusal as the contract's answer: 404 for what is not the caller's, 409 for a step not possible now. */
async function answering<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TicketRefused)) throw error;
    const { locale } = request;
    switch (error.reason) {
      case 'not-found':
        throw notFound(locale);
      case 'not-allowed':
        throw httpError(403, locale, 'http.forbidden');
      case 'not-staff':
        throw validationFailed(locale, [{ field: 'assignee_id', rule: 'exists' }]);
      case 'already-claimed':
        throw new HttpError(409, { message: t(locale, 'tickets.already_claimed', { title: error.holder ?? '' }) });
      case 'reopen-expired':
        throw new HttpError(409, { message: t(locale, 'tickets.reopen_expired', { count: 7 }) });
      case 'already-rated':
        throw new HttpError(409, { message: t(locale, 'tickets.already_rated') });
      case 'conflict':
        throw new HttpError(409, { message: t(locale, 'tickets.changed') });
      case 'illegal':
        throw new HttpError(409, { message: t(locale, 'tickets.not_now') });
    }
  }
}

/** The forms with attachments, in their own context: the only place multipart is parsed here. */
const uploadRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: TICKET_MULTIPART_LIMITS });
  const storage = services.verification;

  app.post(
    '/api/tickets',
    {
      onRequest: refuseOversizedTicketUpload,
      preValidation: guard.signedIn,
      config: { documentedBody: ticketUploadSchema },
      schema: {
        summary: 'Open a ticket (multipart/form-data: category, subject, message, up to 3 files)',
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: ticketSchema, ...refusals(400, 401, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).user.id;
      // Every ticket reaches staff: a flood is refused before the files are read.
      const throttleKey = String(userId);
      await spendAttempt([[services.throttles.ticketCreate, throttleKey]], request.locale);
      try {
        const { fields, files } = await readTicketForm(request, ticketFieldsSchema, storage);
        const ticket = await services.tickets.create({ userId, ...fields, files });
        return reply.code(201).send(ticket);
      } catch (error) {
        // Only stored tickets count.
        await services.throttles.ticketCreate.giveBack(throttleKey);
        throw error;
      }
    },
  );

  app.post(
    '/api/tickets/:id/messages',
    {
      onRequest: refuseOversizedTicketUpload,
      preValidation: guard.signedIn,
      config: { documentedBody: ticketReplyUploadSchema },
      schema: {
        summary: 'Reply in the thread of one’s ticket (multipart/form-data: message, up to 3 files)',
        tags,
        consumes: ['multipart/form-data'],
        params: ticketParams,
        response: { 200: ticketSchema, ...refusals(400, 401, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const userId = authOf(request).user.id;
      // Ownership first: nothing of another client's ticket is read or stored.
      await answering(request, () => services.tickets.forClient(userId, request.params.id));
      const { fields, files } = await readTicketForm(request, ticketReplyFieldsSchema, storage);
      try {
        return await answering(request, () => services.tickets.reply({ userId, id: request.params.id, body: fields.message, files }));
      } catch (error) {
        await Promise.all(files.map((file) => storage.discard(file.storageName)));
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/tickets/:id/messages',
    {
      onRequest: refuseOversizedTicketUpload,
      preValidation: guard.admin,
      config: { documentedBody: ticketReplyUploadSchema },
      schema: {
        summary: 'Staff: answer the client, or add an internal note (internal=1) the client never sees',
        tags: staffTags,
        consumes: ['multipart/form-data'],
        params: ticketParams,
        response: { 200: adminTicketSchema, ...refusals(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const staffId = authOf(request).user.id;
      await answering(request, () => services.tickets.forStaff(request.params.id));
      const { fields, files } = await readTicketForm(request, ticketReplyFieldsSchema, storage);
      try {
        return await answering(request, () =>
          services.tickets.staffReply({ staffId, id: request.params.id, body: fields.message, internal: fields.internal === '1', files }),
        );
      } catch (error) {
        await Promise.all(files.map((file) => storage.discard(file.storageName)));
        throw error;
      }
    },
  );
};

/**
 * Support tickets. Clients: GET/POST /api/tickets, GET /api/tickets/{id}, POST …/messages,
 * …/reopen, …/rating, GET …/attachments/{attachment}. Staff: GET /api/admin/tickets (filters),
 * GET /api/admin/tickets/staff, GET /api/admin/tickets/{id}, POST …/claim, …/assign, …/messages,
 * …/status. Another client's ticket or attachment is 404; a step the ticket's machine refuses, 409.
 */
export const ticketRoutes: FastifyPluginAsyncZod<Api> = async (app, api) => {
  const { services, guard } = api;
  await app.register(uploadRoutes, api);

  app.get(
    '/api/tickets',
    { preValidation: guard.signedIn, schema: { summary: 'The caller’s tickets, latest activity first', tags, response: { 200: z.array(ticketSummarySchema), ...refusals(401) } } },
    async (request) => services.tickets.listOf(authOf(request).user.id),
  );

  app.get(
    '/api/tickets/:id',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'One of the caller’s tickets with its thread (never a staff note)', tags, params: ticketParams, response: { 200: ticketSchema, ...refusals(401, 404) } },
    },
    async (request) => answering(request, () => services.tickets.forClient(authOf(request).user.id, request.params.id)),
  );

  app.post(
    '/api/tickets/:id/reopen',
    {
      preValidation: guard.signedIn,
      schema: { summary: 'Reopen a resolved ticket, within 7 days of its resolution', tags, params: ticketParams, response: { 200: ticketSchema, ...refusals(401, 404, 409) } },
    },
    async (request) =>
      answering(request, () => services.tickets.clientStep(authOf(request).user.id, request.params.id, { type: 'client.reopen' })),
  );

  app.post(
    '/api/tickets/:id/rating',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'Rate the resolution, 1 to 5 with a comment, once it is resolved',
        tags,
        params: ticketParams,
        body: ticketRatingBodySchema,
        response: { 200: ticketSchema, ...refusals(401, 404, 409, 422) },
      },
    },
    async (request) =>
      answering(request, () =>
        services.tickets.clientStep(authOf(request).user.id, request.params.id, { type: 'client.rate', ...request.body }),
      ),
  );

  app.get(
    '/api/tickets/:id/attachments/:attachment',
    {
      preValidation: guard.signedIn,
      attachValidation: true,
      schema: {
        summary: 'An attachment’s file (the ticket’s client, or staff)',
        description: 'Another client’s attachment, or one on a staff note, is 404 to a client.',
        tags,
        params: ticketFileParams,
        querystring: documentFileQuerySchema,
        response: { 200: asContent('application/octet-stream', 'The file, with its detected type'), ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      // An odd id or query is answered as a missing file.
      if (request.validationError) throw notFound(request.locale);
      const { id, attachment } = request.params;
      const found = await services.tickets.locateAttachment({ id: user.id, staff: user.roles.includes('admin') }, id, attachment);
      if (!found) throw notFound(request.locale);
      return sendStoredFile(request, reply, found, request.query.download === '1' ? 'attachment' : 'inline');
    },
  );

  // Staff.

  app.get(
    '/api/admin/tickets',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: the ticket queue (waiting for staff first, oldest first), filtered by status, category, assignee and age',
        tags: staffTags,
        querystring: ticketQueueQuerySchema,
        response: { 200: z.array(adminTicketSummarySchema), ...refusals(401, 403, 422) },
      },
    },
    async (request) => {
      const { assignee, ...rest } = request.query;
      return services.tickets.queue({ ...rest, assignee: assignee === 'me' ? authOf(request).user.id : assignee });
    },
  );

  app.get(
    '/api/admin/tickets/staff',
    { preValidation: guard.admin, schema: { summary: 'Staff: who can be assigned a ticket', tags: staffTags, response: { 200: z.array(ticketStaffMemberSchema), ...refusals(401, 403) } } },
    async () => services.tickets.staff(),
  );

  app.get(
    '/api/admin/tickets/:id',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: a ticket with its thread, notes and times', tags: staffTags, params: ticketParams, response: { 200: adminTicketSchema, ...refusals(401, 403, 404) } },
    },
    async (request) => answering(request, () => services.tickets.forStaff(request.params.id)),
  );

  app.post(
    '/api/admin/tickets/:id/claim',
    {
      preValidation: guard.admin,
      schema: { summary: 'Staff: claim an unassigned ticket (of two at once, one wins; the other gets 409)', tags: staffTags, params: ticketParams, response: { 200: adminTicketSchema, ...refusals(401, 403, 404, 409) } },
    },
    async (request) => answering(request, () => services.tickets.claim(authOf(request).user.id, request.params.id)),
  );

  app.post(
    '/api/admin/tickets/:id/assign',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: assign a ticket to a staff member, or back to the queue (null)',
        tags: staffTags,
        params: ticketParams,
        body: ticketAssignBodySchema,
        response: { 200: adminTicketSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => answering(request, () => services.tickets.assign(authOf(request).user.id, request.params.id, request.body.assignee_id)),
  );

  app.post(
    '/api/admin/tickets/:id/status',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: change the status by a step of the ticket’s lifecycle (409 when it is not possible now)',
        tags: staffTags,
        params: ticketParams,
        body: ticketStatusBodySchema,
        response: { 200: adminTicketSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => answering(request, () => services.tickets.staffStep(authOf(request).user.id, request.params.id, request.body.event)),
  );
};
