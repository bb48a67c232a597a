import { z } from 'zod';
import { forbiddenBodySchema, messageBodySchema, noContentSchema, stepUpRequiredBodySchema, validationErrorBodySchema } from '../../contract/answers.schema.ts';

/** The refusals a route declares, each in the contract's shape (CONTRACT.md, Conventions; docs/api.md, Errors). */
const REFUSALS = {
  400: messageBodySchema.describe('The request is malformed'),
  401: messageBodySchema.describe('No usable bearer token: {"message":"Unauthenticated."}'),
  403: forbiddenBodySchema.describe('Not for this user: {"message":"This action is unauthorized."}; staff without a second factor get `two_factor_enrolment_required: true`'),
  404: messageBodySchema.describe('Nothing there, or nothing the caller may see: {"message":"Not found."}'),
  409: messageBodySchema.describe('The record is no longer in a state that allows this'),
  410: messageBodySchema.describe('Gone: the thing existed and was deleted (an expired download)'),
  413: messageBodySchema.describe('The body is too large'),
  423: stepUpRequiredBodySchema.describe('Step-up: prove the second factor (or the password) again by one of `methods` (POST /api/security/step-up), then retry within 5 minutes'),
  422: validationErrorBodySchema.describe('Validation: the first message, and every message by field, in the request’s language'),
  429: messageBodySchema.describe('Too many attempts: {"message":"Too Many Attempts."} with Retry-After'),
  503: messageBodySchema.describe('The trading platform is not reachable now; retry after Retry-After seconds'),
} as const;

type Refusal = keyof typeof REFUSALS;

/** `{401: …, 422: …}`: the error answers of a route, for its `response` schema. */
export function refusals<const C extends readonly Refusal[]>(...codes: C): { [K in C[number]]: (typeof REFUSALS)[K] } {
  return Object.fromEntries(codes.map((code) => [code, REFUSALS[code]])) as { [K in C[number]]: (typeof REFUSALS)[K] };
}

/** 204: no body. */
export const noContent = noContentSchema.describe('Done; no body');

/** A body that is not JSON (a file, CSV, a page, a stream), for the OpenAPI document: `{200: asContent('text/csv', …)}`. */
export function asContent(type: string, description: string) {
  const schema = z.unknown().meta(type === 'application/octet-stream' ? { type: 'string', format: 'binary' } : { type: 'string' });
  return { description, content: { [type]: { schema } } };
}
