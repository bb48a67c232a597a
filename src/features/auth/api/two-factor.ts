import type { LoginResponse } from '../../../../contract/auth';
import type { TwoFactorBody } from '../../../../contract/security';
import { request } from '../../../lib/http';

/** POST /api/two-factor-challenge: the second step of a sign-in. */
export function completeTwoFactor(body: TwoFactorBody): Promise<LoginResponse> {
  return request<LoginResponse>('/api/two-factor-challenge', { method: 'POST', body });
}
