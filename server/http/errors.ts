import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t, type MessageKey } from '../i18n/index.ts';
import { HttpError, notFound } from './http-error.ts';

/** Fastify's own client errors, answered with a translated message instead of its English one. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'http.invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'http.payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'http.unsupported_media_type' },
  // A path @fastify/static will not resolve (`..`, `//`, case aliases): nothing is there.
  FST_STATIC_FORBIDDEN_PATH: { status: 404, key: 'http.not_found' },
};

/**
 * Every failure leaves as JSON in Laravel's shape: thrown HttpErrors as they are,
 * framework 4xx with a translated message, anything else as 500 "Server Error"
 * with the real error in the log only.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: t(request.locale, known.key) });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ message: t(request.locale, 'http.bad_request') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: t(request.locale, 'http.server_error') });
  });
}

/**
 * Unknown routes and missing files: `fallback` may answer (the app shell does for app
 * paths); otherwise 404 `{"message":"Not found."}`. A known path with a wrong method
 * lands here too, so it is a 404, never a 500.
 */
export function registerNotFound(app: FastifyInstance, fallback: (request: FastifyRequest, reply: FastifyReply) => boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (fallback(request, reply)) return reply;
    return reply.code(404).send(notFound(request.locale).body);
  });
}
