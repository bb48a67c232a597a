import type { EmailOnlyBody, PasswordResetBody, StatusResponse } from '../../../../contract/account';
import { request } from '../../../lib/http';

/** POST /api/password/email: the same answer whether or not the account exists. */
export function requestPasswordReset(body: EmailOnlyBody): Promise<StatusResponse> {
  return request<StatusResponse>('/api/password/email', { method: 'POST', body, loader: false });
}

/** POST /api/password/reset */
export function resetPassword(body: PasswordResetBody): Promise<StatusResponse> {
  return request<StatusResponse>('/api/password/reset', { method: 'POST', body, loader: false });
}

/** POST /api/email/verify/{id}?expires=&signature= */
export function verifyEmail(id: string, query: { expires?: string; signature?: string }): Promise<StatusResponse> {
  return request<StatusResponse>(`/api/email/verify/${encodeURIComponent(id)}`, { method: 'POST', query, loader: false });
}

/** POST /api/email/resend: the same answer whatever the address; 429 past six a minute. */
export function resendVerification(body: EmailOnlyBody): Promise<StatusResponse> {
  return request<StatusResponse>('/api/email/resend', { method: 'POST', body, loader: false });
}
