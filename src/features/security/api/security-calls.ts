import { queryOptions } from '@tanstack/react-query';
import type { PasskeyAssertion, PasskeyInfo, RecoveryCodes, SecurityStatus, TotpEnrolment } from '../../../../contract/security';
import { request } from '../../../lib/http';

/** GET /api/security: second factors, step-up methods and the withdrawal hold. */
export const fetchSecurity = () => request<SecurityStatus>('/api/security', { loader: false });

export const securityKeys = { all: ['security'] as const };

export const securityQuery = () => queryOptions({ queryKey: securityKeys.all, queryFn: fetchSecurity, staleTime: 30_000, retry: false });

/** POST /api/security/totp: a new key and its QR code (409 when one is already on). */
export const beginTotp = () => request<TotpEnrolment>('/api/security/totp', { method: 'POST' });

/** POST /api/security/totp/confirm: the first code; answers the recovery codes, once. */
export const confirmTotp = (code: string) => request<RecoveryCodes>('/api/security/totp/confirm', { method: 'POST', body: { code } });

/** DELETE /api/security/totp (step-up, asked by the HTTP client). */
export const disableTotp = () => request<void>('/api/security/totp', { method: 'DELETE' });

/** POST /api/security/recovery-codes (step-up): new codes; the old ones stop working. */
export const regenerateRecoveryCodes = () => request<RecoveryCodes>('/api/security/recovery-codes', { method: 'POST' });

/** DELETE /api/security/devices: every remembered device asks for the second factor again. */
export const forgetDevices = () => request<void>('/api/security/devices', { method: 'DELETE' });

/** POST /api/security/passkeys: the authenticator's new credential, with its name. */
export const registerPasskey = (credential: PasskeyAssertion, name: string) =>
  request<PasskeyInfo>('/api/security/passkeys', { method: 'POST', body: { challenge: credential.challenge, response: credential.response, name } });

export const renamePasskey = (id: number, name: string) => request<PasskeyInfo>(`/api/security/passkeys/${id}`, { method: 'PATCH', body: { name } });

/** DELETE /api/security/passkeys/{id} (step-up). */
export const removePasskey = (id: number) => request<void>(`/api/security/passkeys/${id}`, { method: 'DELETE' });
