/**
 * The browser's half of a passkey ceremony (docs/adr/0084): the server's options go to the
 * authenticator through @simplewebauthn/browser, and its answer goes back with the ceremony's token.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyAssertion, PasskeyOptions } from '../../../contract/security';
import { request } from '../../lib/http';

/**
 * The test @simplewebauthn/browser's `browserSupportsWebAuthn` makes, without loading the library:
 * the sign-in screen asks it on every visit, and the library loads only when a ceremony starts.
 */
export const passkeysSupported = (): boolean => typeof globalThis.PublicKeyCredential === 'function';

const webauthn = () => import('@simplewebauthn/browser');

/** Options from `optionsUrl`, then the authenticator's assertion, ready for the server. */
export async function passkeyAssertion(optionsUrl: string, body?: Record<string, unknown>): Promise<PasskeyAssertion> {
  const ceremony = await request<PasskeyOptions>(optionsUrl, { method: 'POST', ...(body ? { body } : {}), loader: false });
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { challenge: ceremony.challenge, response: response as unknown as PasskeyAssertion['response'] };
}

/** Options from `optionsUrl`, then the authenticator's new credential, ready for the server. */
export async function passkeyRegistration(optionsUrl: string): Promise<PasskeyAssertion> {
  const ceremony = await request<PasskeyOptions>(optionsUrl, { method: 'POST', loader: false });
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return { challenge: ceremony.challenge, response: response as unknown as PasskeyAssertion['response'] };
}

/**
 * The person closed the browser's passkey prompt or it timed out: not an error to show as one.
 * The browser says NotAllowedError for both (it does not tell which, on purpose).
 */
export const passkeyCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');
