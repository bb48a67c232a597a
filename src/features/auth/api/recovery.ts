import { request } from '../../../lib/http';

interface Status {
  status: string;
}

/** POST /api/password/email: the same answer whether or not the account exists. */
export function requestPasswordReset(body: { email: string }): Promise<Status> {
  return request<Status>('/api/password/email', { method: 'POST', body, loader: false });
}

/** POST /api/password/reset */
export function resetPassword(body: {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}): Promise<Status> {
  return request<Status>('/api/password/reset', { method: 'POST', body, loader: false });
}

/** POST /api/email/verify/{id}?expires=&signature= */
export function verifyEmail(id: string, query: { expires?: string; signature?: string }): Promise<Status> {
  return request<Status>(`/api/email/verify/${encodeURIComponent(id)}`, { method: 'POST', query, loader: false });
}

/** POST /api/email/resend */
export function resendVerification(body: { email: string }): Promise<Status> {
  return request<Status>('/api/email/resend', { method: 'POST', body, loader: false });
}
