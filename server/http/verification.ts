import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type AdminVerification,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  type DocumentKind,
  type VerificationDocument,
  type VerificationOverview,
} from '../../contract/verification.ts';
import { rejectBodySchema, verificationQueueQuerySchema } from '../../contract/verification.schema.ts';
import { t } from '../i18n/index.ts';
import type { Services } from '../services/index.ts';
import type { ReviewResult, StoredFile } from '../services/verification.ts';
import { authOf, requireAuth } from './authenticate.ts';
import { HttpError, httpError, notFound } from './http-error.ts';
import { idOf } from './id-params.ts';
import { requireAdmin } from './require-admin.ts';
import { validate, validationFailed } from './validation.ts';

/** Multipart overhead allowed on top of the file (boundaries, headers, the kind field). */
const MULTIPART_SLACK_BYTES = 64 * 1024;
const FILE_NAME_MAX = 255;

/** A display name: no path, no control characters, at most 255 characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, FILE_NAME_MAX);
  return cleaned || 'document';
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * What busboy throws on a body it cannot read (no boundary, a wrong one, a body cut off): plain
 * errors with no status. Errors with a status (multipart's limits) and the file system's (they
 * carry a syscall) are answered as they are.
 */
function isUnreadableUpload(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof HttpError) return false;
  return (error as { statusCode?: unknown }).statusCode === undefined && (error as { syscall?: unknown }).syscall === undefined;
}

/** The upload alone, in its own context: the only place multipart is parsed, with the size limits. */
async function uploadRoute(app: FastifyInstance, { services }: { services: Services }) {
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
      preHandler: requireAuth(services),
    },
    async (request, reply): Promise<VerificationDocument> => {
      const { locale } = request;
      let kind: unknown;
      let stored: (StoredFile & { originalName: string; truncated: boolean }) | null = null;
      try {
        if (request.isMultipart()) {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'kind') kind = part.value;
            } else if (part.fieldname === 'file' && !stored) {
              const file = await services.verification.store(part.file);
              stored = { ...file, originalName: cleanFileName(part.filename), truncated: part.file.truncated };
            } else {
              part.file.resume();
            }
          }
        }
      } catch (error) {
        if (stored) await services.verification.discard(stored.storageName);
        const { code } = error as { code?: string };
        if (code === 'FST_FILES_LIMIT') {
          const message = t(locale, 'verification.one_file');
          throw new HttpError(422, { message, errors: { file: [message] } });
        }
        if (isUnreadableUpload(error)) throw httpError(400, locale, 'http.invalid_multipart');
        throw error;
      }

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
      reply.code(201);
      return result.document;
    },
  );
}

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
export const verificationRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  await app.register(uploadRoute, { services });

  app.get('/api/verification', { preHandler: requireAuth(services) }, async (request): Promise<VerificationOverview> =>
    services.verification.overview(authOf(request).user.id),
  );

  app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
    '/api/verification/documents/:id/file',
    { preHandler: requireAuth(services) },
    async (request, reply) => {
      const id = idOf(request);
      const { user } = authOf(request);
      const found = await services.verification.locate(id);
      // Someone else's document is answered as missing: its existence is not the caller's business.
      if (!found || (found.userId !== user.id && !user.roles.includes('admin'))) throw notFound(request.locale);
      const stream = createReadStream(found.path);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      }).catch(() => {
        throw notFound(request.locale);
      });
      return reply
        .header('content-disposition', disposition(request.query.download === '1' ? 'attachment' : 'inline', found.fileName))
        .header('content-length', String(found.size))
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(found.mimeType)
        .send(stream);
    },
  );

  app.get('/api/admin/verifications', { preHandler: requireAdmin(services) }, async (request): Promise<AdminVerification[]> => {
    const query = validate(verificationQueueQuerySchema, request.query, request.locale);
    return services.verification.queue(query.status);
  });

  app.post<{ Params: { id: string } }>('/api/admin/verifications/:id/approve', { preHandler: requireAdmin(services) }, async (request) =>
    reviewed(request, await services.verification.approve(idOf(request), authOf(request).user.id)),
  );

  app.post<{ Params: { id: string } }>('/api/admin/verifications/:id/reject', { preHandler: requireAdmin(services) }, async (request) => {
    const id = idOf(request);
    const body = validate(rejectBodySchema, request.body, request.locale);
    return reviewed(request, await services.verification.reject(id, authOf(request).user.id, body.reason));
  });
};
