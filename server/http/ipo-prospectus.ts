import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IPO_PROSPECTUS_MAX_BYTES } from '../../contract/ipo.ts';
import { adminIpoOfferingSchema } from '../../contract/ipo.schema.ts';
import { t } from '../i18n/index.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError, notFound } from './http-error.ts';
import { idParam } from './id-params.ts';
import { asContent, refusals } from './responses.ts';
import { readSingleFileUpload } from './upload-parts.ts';
import { sendStoredFile } from './stored-file.ts';
import { MULTIPART_SLACK_BYTES } from './verification.ts';

const params = z.object({ id: idParam });
const MAX_MB = IPO_PROSPECTUS_MAX_BYTES / 1024 / 1024;

/** What the OpenAPI document shows of the upload's body. */
const prospectusUploadSchema = z.object({ file: z.string().describe('The prospectus: a PDF (by its content, not its name) of at most 20 MB') });

/**
 * An offering's prospectus: staff upload or replace it (a PDF, checked by its first bytes, at most
 * IPO_PROSPECTUS_MAX_BYTES), stored where identity documents are (services/verification.ts,
 * UPLOAD_DIR); signed-in clients download it from the offering's page. Its own context: the only
 * place multipart is parsed for it, with its own size limit.
 */
export const ipoProspectusRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IPO_PROSPECTUS_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
  });

  app.post(
    '/api/admin/ipo/offerings/:id/prospectus',
    {
      onRequest: async (request) => {
        if (Number(request.headers['content-length']) > IPO_PROSPECTUS_MAX_BYTES + MULTIPART_SLACK_BYTES) {
          throw new HttpError(413, { message: t(request.locale, 'ipo.prospectus_too_large', { max: MAX_MB }) });
        }
      },
      preValidation: guard.admin,
      config: { documentedBody: prospectusUploadSchema },
      schema: {
        summary: 'Staff: upload or replace the offering’s prospectus (multipart/form-data: file, a PDF)',
        tags: ['ipo (staff)'],
        consumes: ['multipart/form-data'],
        params,
        response: { 200: adminIpoOfferingSchema, ...refusals(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => {
      const { locale } = request;
      const { stored } = await readSingleFileUpload(request, services.verification, { fallbackName: 'prospectus.pdf', oneFile: false });
      const problem = !stored || stored.size === 0 ? t(locale, 'validation.required', { attribute: 'file' }) : stored.truncated ? t(locale, 'ipo.prospectus_too_large', { max: MAX_MB }) : stored.mimeType !== 'application/pdf' ? t(locale, 'ipo.prospectus_type') : null;
      if (problem) {
        if (stored) await services.verification.discard(stored.storageName);
        throw new HttpError(422, { message: problem, errors: { file: [problem] } });
      }
      const file = stored!;
      let replaced: string | null;
      try {
        replaced = await services.ipo.setProspectus(request.params.id, file);
      } catch (error) {
        await services.verification.discard(file.storageName);
        throw error;
      }
      if (replaced) await services.verification.discard(replaced);
      return services.ipo.adminGet(request.params.id);
    },
  );

  app.get(
    '/api/ipo/offerings/:id/prospectus',
    {
      preValidation: guard.signedIn,
      schema: {
        summary: 'The offering’s prospectus (a PDF), for any signed-in reader of an offering clients see',
        tags: ['ipo'],
        params,
        response: { 200: asContent('application/pdf', 'The prospectus'), ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const found = await services.ipo.prospectus(request.params.id, user.roles.includes('admin'));
      if (!found) throw notFound(request.locale);
      const file = { path: services.verification.pathOf(found.storageName), fileName: found.fileName, size: found.size, mimeType: 'application/pdf' };
      return sendStoredFile(request, reply, file, 'inline');
    },
  );
};
