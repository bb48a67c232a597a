import type { NotMeResult } from '../../../../contract/security-activity';
import { request } from '../../../lib/http';

/** POST /api/security/not-me: the new-device mail's "This wasn't me" link (single use). */
export const reportNotMe = (token: string) => request<NotMeResult>('/api/security/not-me', { method: 'POST', body: { token } });
