/**
 * Refusals other than a broken rule (RuleError, 422), thrown by services and answered by the
 * routes' error handler (server/http/errors.ts) in the contract's shape.
 */

/** Nothing there, or nothing the caller may see (another client's account reads as missing): 404. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** An external system (the trading platform) did not answer, or its prices stopped (`no_prices`): 503, try again. */
export class UnavailableError extends Error {
  override name = 'UnavailableError';
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'no_prices' = 'unreachable',
  ) {
    super(message);
  }
}

/** A request with the same Idempotency-Key is still at work: 409, retry shortly for its answer. */
export class ConflictError extends Error {
  override name = 'ConflictError';
}
