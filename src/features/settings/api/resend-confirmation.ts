import type { StatusResponse } from '../../../../contract/account';
import { request } from '../../../lib/http';

/** POST /api/email/resend for the pending address: mails its confirmation link again. */
export function resendConfirmation(email: string): Promise<StatusResponse> {
  return request<StatusResponse>('/api/email/resend', { method: 'POST', body: { email }, loader: false });
}
