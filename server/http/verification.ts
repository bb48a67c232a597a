import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AdminVerification, DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, type DocumentKind } from '../../contract/verification.ts';
import {
  adminVerificationSchema,
  documentFileQuerySchema,
  documentUploadSchema,
  rejectBodySchema,
  verificationDocumentSchema,
  verificationOverviewSchema,
  verificationQueueQuerySchema,
} from '../../contract/verification.schema.ts';
import { reviewBodySchema, timelineSchema } from '../../contract/lifecycle.schema.ts';
import { t } from '../i18n/index.ts';
import type { ReviewResult } from '../services/verification.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError, notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { asContent, refusals } from './responses.ts';
import { readSingleFileUpload } from './upload-parts.ts';
import { validationFailed } from './validation.ts';
import { sendStoredFile } from './stored-file.ts';

/** Multipart overhead allowed on top of the file (boundaries, headers, the kind field). */
export const MULTIPART_SLACK_BYTES = 64 * 1024;

const tags = ['identity verification'];
const documentParams = z.object({ id: idParam });

/** The upload alone, in its own context: the only place multipart is parsed, with the size limits. */
const uploadRoute: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  app.post(
    '/api/verification/documents',
    {
      // Multipart is streamed, so Fastify's bodyLimit does not apply: a declared length over the
      // limit is refused before anything is read (busboy still cuts an undeclared one at 10 MB).
      onRequest: async (request) => {
        if (Number(request.headers['content-length']) > DOCUMENT_MAX_BYTES + MULTIPART_SLACK_BYTES) {
          throw new HttpError(413, { message: t(request.locale, 'verification.file_too_large', { max: DOCUMENT_MAX_BYTES / 1024 / 1024 }) });
        }
      },
      preValidation: guard.signedIn,
      // The parts are read by the handler; the OpenAPI document shows them (openapi.ts).
      config: { documentedBody: documentUploadSchema },
      schema: {
        summary: 'Upload a document (multipart/form-data: kind, file)',
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: verificationDocumentSchema, ...refusals(400, 401, 413, 422) },
      },
    },
    async (request, reply) => {
      const { locale } = request;
      const { fields, stored } = await readSingleFileUpload(request, services.verification, { oneFile: true });
      const { kind } = fields;

      const failures: Parameters<typeof validationFailed>[1] = [];
      const messages: Record<string, string[]> = {};
      if (kind === undefined || kind === '') failures.push({ field: 'kind', rule: 'required' });
      else if (!(DOCUMENT_KINDS as readonly unknown[]).includes(kind)) failures.push({ field: 'kind', rule: 'invalid' });
      if (!stored || stored.size === 0) failures.push({ field: 'file', rule: 'required' });
      else if (stored.truncated) messages.file = [t(locale, 'verification.file_too_large', { max: DOCUMENT_MAX_BYTES / 1024 / 1024 })];
      else if (!stored.mimeType) messages.file = [t(locale, 'verification.file_type')];

      if (failures.length > 0 || Object.keys(messages).length > 0) {
        if (stored) await services.verification.discard(stored.storageName);
        const base = failures.length > 0 ? validationFailed(locale, failures).body.errors! : {};
        const errors = { ...base, ...messages };
        const all = Object.values(errors).flat();
        throw new HttpError(422, {
          message: all.length > 1 ? `${all[0]} ${t(locale, 'validation.more', { count: all.length - 1 })}` : all[0]!,
          errors,
        });
      }

      const file = stored!;
      const result = await services.verification.submit(authOf(request).user.id, kind as DocumentKind, {
        ...file,
        mimeType: file.mimeType!,
      });
      if (!result.ok) {
        await services.verification.discard(file.storageName);
        const message = t(locale, result.reason === 'pending' ? 'verification.already_pending' : 'verification.already_approved');
        throw new HttpError(422, { message, errors: { kind: [message] } });
      }
      return reply.code(201).send(result.document);
    },
  );
};

function reviewed(request: FastifyRequest, result: ReviewResult): AdminVerification {
  if (result.ok) return result.document;
  if (result.reason === 'not-found') throw notFound(request.locale);
  throw new HttpError(409, { message: t(request.locale, 'verification.already_reviewed') });
}

/**
 * Identity verification. Clients: GET /api/verification, POST /api/verification/documents
 * (multipart: kind, file), GET /api/verification/documents/{id}/file. Staff:
 * GET /api/admin/verifications, POST /api/admin/verifications/{id}/approve|reject.
 */
export const verificationRoutes: FastifyPluginAsyncZod<Api> = async (app, api) => {
  const { services, guard } = api;
  await app.register(uploadRoute, api);

  app.get(
    '/api/verification',
    { preValidation: guard.signedIn, schema: { summary: 'The state of each document kind', tags, response: { 200: verificationOverviewSchema, ...refusals(401) } } },
    async (request) => services.verification.overview(authOf(request).user.id),
  );

  app.get(
    '/api/verification/documents/:id/file',
    {
      preValidation: guard.signedIn,
      // An odd `download` shows the file inline, as before there was a schema.
      attachValidation: true,
      schema: {
        summary: 'A document’s file (its owner or staff)',
        description: 'Another client’s document is 404: the caller learns nothing about documents that are not theirs.',
        tags,
        params: documentParams,
        querystring: documentFileQuerySchema,
        response: { 200: asContent('application/octet-stream', 'The file, with its detected type'), ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const id = Number(request.params.id);
      const found = await services.verification.locate(id);
      // Someone else's document is answered as missing: its existence is not the caller's business.
      if (!found || (found.userId !== user.id && !user.roles.includes('admin'))) throw notFound(request.locale);
      return sendStoredFile(request, reply, found, !request.validationError && request.query.download === '1' ? 'attachment' : 'inline');
    },
  );

  app.get(
    '/api/admin/verifications',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: the documents to review, pending first',
        tags,
        querystring: verificationQueueQuerySchema,
        response: { 200: z.array(adminVerificationSchema), ...refusals(401, 403, 422) },
      },
    },
    async (request) => services.verification.queue(request.query.status),
  );

  app.post(
    '/api/admin/verifications/:id/approve',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: approve a pending document',
        tags,
        params: documentParams,
        response: { 200: adminVerificationSchema, ...refusals(401, 403, 404, 409) },
      },
    },
    async (request) => reviewed(request, await services.verification.approve(request.params.id, authOf(request).user.id)),
  );

  app.post(
    '/api/admin/verifications/:id/review',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: take a document into review, optionally with the expected time of the decision',
        description: 'Again on a document under review: a new expected time. A document already decided is 409.',
        tags,
        params: documentParams,
        body: reviewBodySchema,
        response: { 200: adminVerificationSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => reviewed(request, await services.verification.startReview(request.params.id, authOf(request).user.id, request.body.expected_at ?? null)),
  );

  app.get(
    '/api/verification/documents/:id/timeline',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'A document’s timeline (its owner or staff)',
        description: 'Uploaded, under review (with the expected time staff set), approved or rejected with the reason. Another client’s document is 404.',
        tags,
        params: documentParams,
        response: { 200: timelineSchema, ...refusals(401, 404) },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const timeline = await services.verification.timeline(request.params.id, user.roles.includes('admin') ? undefined : user.id);
      if (!timeline) throw notFound(request.locale);
      return timeline;
    },
  );

  app.post(
    '/api/admin/verifications/:id/reject',
    {
      preValidation: guard.admin,
      schema: {
        summary: 'Staff: reject a pending document, with the reason',
        tags,
        params: documentParams,
        body: rejectBodySchema,
        response: { 200: adminVerificationSchema, ...refusals(401, 403, 404, 409, 422) },
      },
    },
    async (request) => reviewed(request, await services.verification.reject(request.params.id, authOf(request).user.id, request.body.reason)),
  );
};
