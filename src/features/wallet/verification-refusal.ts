import { errorBody } from '../../lib/http';

export interface VerificationRefusal {
  /** Why, as the server words it in the user's language. */
  message: string;
  /** The fields the server put the message on: the notice says it once, so they go without it. */
  fields: string[];
}

/**
 * A wallet 422 that needs an approved identity verification (live withdrawals; live deposits
 * above the threshold). The server marks it `verification_required: true`, as its login 422 for
 * an unverified e-mail does; an error on a `verification` field is read the same way.
 */
export function verificationRefusal(error: unknown): VerificationRefusal | null {
  const body = errorBody(error) as { message?: unknown; errors?: Record<string, unknown>; verification_required?: unknown } | undefined;
  if (!body || typeof body !== 'object') return null;
  const errors = body.errors && typeof body.errors === 'object' ? body.errors : {};
  if (body.verification_required !== true && !('verification' in errors)) return null;
  const first = Object.values(errors).flat().find((text): text is string => typeof text === 'string');
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : (first ?? '');
  return { message, fields: Object.keys(errors) };
}
