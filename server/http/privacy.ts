import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closureCheckSchema, dataExportSchema, dataExportStatusSchema, exportTokenSchema } from '../../contract/privacy.schema.ts';
import type { ClosureBlocker } from '../../contract/privacy.ts';
import { t } from '../i18n/index.ts';
import type { Api } from './api.ts';
import { authOf } from './authenticate.ts';
import { HttpError, httpError, notFound } from './http-error.ts';
import { spendAttempt } from './rate-limit.ts';
import { asContent, noContent, refusals } from './responses.ts';
import { requireStepUp } from './step-up.ts';
import { sendStoredFile } from './stored-file.ts';

const tags = ['privacy'];

/** Settings → Privacy (docs/adr/0089): the export of the user's data and the closing of the account. */
export const privacyRoutes: FastifyPluginAsyncZod<Api> = async (app, { services, guard }) => {
  const preValidation = guard.signedIn;
  const { privacy } = services;

  app.get(
    '/api/privacy/export',
    { preValidation, schema: { summary: 'The caller’s latest data export and when a new one may be asked for', tags, response: { 200: dataExportStatusSchema, ...refusals(401) } } },
    async (request) => privacy.status(authOf(request).user.id),
  );

  app.post(
    '/api/privacy/export',
    {
      preValidation,
      schema: {
        summary: 'Ask for an export of everything held about the caller (a ZIP of JSON files)',
        description:
          'Answers 202 at once; a worker prepares the file and notifies the user (in the app and by e-mail) when it is ready, for 24 hours. ' +
          '409 while one is being prepared; 429 with Retry-After within an hour of the last request.',
        tags,
        response: { 202: dataExportSchema, ...refusals(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await privacy.requestExport(authOf(request).user.id);
      switch (result.outcome) {
        case 'busy':
          throw httpError(409, request.locale, 'privacy.export_busy');
        case 'too-soon':
          throw new HttpError(429, { message: t(request.locale, 'privacy.export_too_soon', { count: Math.ceil(result.retryAfterSeconds / 60) }) }, { 'retry-after': String(result.retryAfterSeconds) });
        case 'created':
          return reply.code(202).send(result.export);
      }
    },
  );

  app.get(
    '/api/privacy/exports/:token',
    {
      preValidation,
      schema: {
        summary: 'Download a ready export (its owner only)',
        description: 'The token comes from GET /api/privacy/export. Another user’s or an unknown token is 404; an expired one 410; one still being prepared 409.',
        tags,
        params: z.object({ token: exportTokenSchema }),
        response: { 200: asContent('application/zip', 'The ZIP of JSON files'), ...refusals(401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const found = await privacy.download(authOf(request).user.id, request.params.token);
      switch (found.outcome) {
        case 'not-found':
          throw notFound(request.locale);
        case 'expired':
          throw httpError(410, request.locale, 'privacy.export_expired');
        case 'not-ready':
          throw httpError(409, request.locale, 'privacy.export_not_ready');
        case 'ready': {
          const file = { path: found.path, fileName: found.fileName, size: found.size, mimeType: 'application/zip' };
          return sendStoredFile(request, reply, file, 'attachment', () => httpError(410, request.locale, 'privacy.export_expired'));
        }
      }
    },
  );

  app.get(
    '/api/privacy/closure',
    {
      preValidation,
      schema: {
        summary: 'What stops the caller’s account from being closed now (empty: nothing)',
        description: 'Balances and open positions on every active trading account (read from the platform), pending money requests, IPO holds, money in the partner wallet and partner withdrawals waiting for staff.',
        tags,
        response: { 200: closureCheckSchema, ...refusals(401, 503) },
      },
    },
    async (request) => ({ blockers: await privacy.closureBlockers(authOf(request).user.id) }),
  );

  app.post(
    '/api/privacy/close',
    {
      preValidation,
      schema: {
        summary: 'Close the caller’s account: anonymise it, keep the records the law requires',
        description:
          '409 while GET /api/privacy/closure lists anything; 423 until the session has stepped up (docs/adr/0084). ' +
          'Mails a confirmation to the current address, then replaces names and addresses, revokes every session and closes the user’s sockets.',
        tags,
        response: { 204: noContent, ...refusals(401, 409, 423, 429, 503) },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      await spendAttempt([[services.throttles.accountClose, String(user.id)]], request.locale);
      const blocked = (blockers: readonly ClosureBlocker[]) =>
        // The partner wallet is named: the general message speaks only of trading accounts.
        httpError(409, request.locale, blockers.some((b) => b.reason === 'partner_wallet' || b.reason === 'partner_payout') ? 'privacy.close_blocked_partner' : 'privacy.close_blocked');
      const blockers = await privacy.closureBlockers(user.id);
      if (blockers.length > 0) throw blocked(blockers);
      await requireStepUp(services, request);
      const closed = await privacy.close(user.id);
      if (closed.outcome === 'blocked') throw blocked(closed.blockers);
      return reply.code(204).send();
    },
  );
};
