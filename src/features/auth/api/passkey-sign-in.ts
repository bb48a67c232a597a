import type { LoginResponse } from '../../../../contract/auth';
import type { PasskeyAssertion } from '../../../../contract/security';
import { request } from '../../../lib/http';
import { passkeyAssertion } from '../../../ui/passkey/passkey';

/** A passkey alone signs in (it proves both factors): the browser's prompt, then POST /api/passkeys/sign-in. */
export async function signInWithPasskey(remember: boolean): Promise<LoginResponse> {
  const assertion = await passkeyAssertion('/api/passkeys/sign-in/options');
  return request<LoginResponse>('/api/passkeys/sign-in', { method: 'POST', body: { ...assertion, remember } });
}

/** The sign-in's second step answered with a passkey. */
export function passkeyForChallenge(challenge: string): Promise<PasskeyAssertion> {
  return passkeyAssertion('/api/two-factor-challenge/passkey-options', { challenge });
}
