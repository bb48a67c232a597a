import { isDeepStrictEqual } from 'node:util';
import type { FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { check, type Failure } from './validation.ts';

/**
 * What a route's declared schema refused (params, query, body or headers). The error handler
 * answers it as the contract's 422 in the request's language (errors.ts), exactly as `check()`
 * names the rules.
 */
export class ValidationFailure extends Error {
  override name = 'ValidationFailure';
  constructor(readonly failures: Failure[]) {
    super(failures.map((f) => `${f.field}: ${f.rule}`).join(', '));
  }
}

/** Fastify's validator for the routes' zod schemas: `check()` (Laravel rule names, the NUL rule but in the path); the handler gets the parsed value. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const checked = check(schema, data, { refuseNul: httpPart !== 'params' });
    return checked.ok ? { value: checked.data } : { error: new ValidationFailure(checked.failures) };
  };

/**
 * The failures of a route declared with `attachValidation` (one that adds its own checks to the
 * schema's, or answers a bad query otherwise than 422): none when the request passed its schema.
 */
export function schemaFailures(request: FastifyRequest): Failure[] {
  const error = request.validationError;
  if (!error) return [];
  if (error instanceof ValidationFailure) return [...error.failures];
  throw error;
}

/** An answer that does not match the schema its route declared. */
export class AnswerMismatch extends Error {
  override name = 'AnswerMismatch';
}

/**
 * Fastify's serializer for the routes' answers: JSON as the handler built it. With `verify`
 * (development and tests), each answer is first checked against the schema its route declared
 * for that status, and one with a wrong or undeclared field is a 500 naming the route, so the
 * OpenAPI document (docs/openapi.json) cannot drift from what the server sends.
 */
export function serializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const json = JSON.stringify(data);
      if (verify) verifyAnswer(schema, json, `${method} ${url} ${httpStatus}`);
      return json;
    };
}

function verifyAnswer(schema: z.ZodType, json: string, route: string): void {
  const sent: unknown = JSON.parse(json);
  const result = schema.safeParse(sent);
  if (!result.success) throw new AnswerMismatch(`${route}: the answer does not match its schema: ${result.error.message}`);
  // A schema drops the fields it does not declare: the answer must have none.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), sent)) {
    throw new AnswerMismatch(`${route}: the answer has fields its schema does not declare`);
  }
}
