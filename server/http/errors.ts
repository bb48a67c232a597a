import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLocale, t, type MessageKey } from '../i18n/index.ts';
import { HttpError, httpError, notFound } from './http-error.ts';
import { RuleError } from '../services/rule-error.ts';
import { ConflictError, NotFoundError, UnavailableError } from '../services/service-errors.ts';
import { TransitionRefused } from '../services/lifecycle.ts';
import { ruleFailed } from './rule-errors.ts';
import { ValidationFailure } from './schema-compilers.ts';
import { validationFailed } from './validation.ts';

/** Fastify's own client errors, answered with a translated message instead of its English one. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'http.invalid_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'http.payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'http.unsupported_media_type' },
  // A path @fastify/static will not resolve (`..`, `//`, case aliases): nothing is there.
  FST_STATIC_FORBIDDEN_PATH: { status: 404, key: 'http.not_found' },
};

/**
 * Every failure leaves as JSON in Laravel's shape: thrown HttpErrors as they are, schema and
 * business-rule failures as 422,
 * framework 4xx with a translated message, anything else as 500 "Server Error"
 * with the real error in the log only.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ValidationFailure | RuleError, request, reply) => {
    // A route's schema refused the request, or a service a business rule: the contract's 422.
    if (error instanceof ValidationFailure) error = validationFailed(request.locale, error.failures);
    if (error instanceof RuleError) error = ruleFailed(request.locale, error);
    // A service's other refusals: nothing the caller may see, an external system away, a request still at work.
    const refused: unknown = error;
    if (refused instanceof NotFoundError) error = notFound(request.locale);
    if (refused instanceof UnavailableError) error = httpError(503, request.locale, 'http.unavailable', { 'retry-after': '5' });
    if (refused instanceof ConflictError) error = httpError(409, request.locale, 'http.in_progress', { 'retry-after': '1' });
    // The object's lifecycle refused the event, or another transition got there first.
    if (refused instanceof TransitionRefused) error = httpError(409, request.locale, 'http.transition_refused');
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

/**
 * Fastify's router refusals, before any route or hook runs (`frameworkErrors`): a URL that is not
 * valid percent-encoding is 400; a path parameter over maxParamLength names nothing, so 404.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = negotiateLocale(request.headers['accept-language']);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ message: t(locale, 'http.bad_url') });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send(notFound(locale).body);
    return;
  }
  request.log.error({ err: error }, 'router failed');
  void reply.code(500).send({ message: t(locale, 'http.server_error') });
}

/** Node's own socket, with the answer in flight when the request's headers were read. */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Node's refusals of what is not HTTP enough to become a request (`clientError`): malformed
 * request lines or headers (400), headers over the size limit (431), a request not fully received
 * within `requestTimeout` (408). The answer is `{"message": …}` like every other, then the
 * connection closes.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'http.request_timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'http.headers_too_large']
        : [400, 'http.bad_request'];
  this.log.debug({ err: error }, 'client error');
  // As Node does: once an answer has started on this socket, another one would corrupt it.
  const response = (socket as HttpSocket)._httpMessage;
  if (socket.writable && !response?.headersSent) {
    const body = JSON.stringify({ message: t(negotiateLocale(response?.req.headers['accept-language']), key) });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
