import type { LoginBody, LoginResponse } from '../../../../contract/auth';
import { request } from '../../../lib/http';

/** POST /api/login */
export function login(body: LoginBody): Promise<LoginResponse> {
  return request<LoginResponse>('/api/login', { method: 'POST', body });
}
