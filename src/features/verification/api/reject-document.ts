import type { AdminVerification } from '../../../../contract/verification';
import { request } from '../../../lib/http';

/** POST /api/admin/verifications/{id}/reject {reason} */
export function rejectDocument(id: number, reason: string): Promise<AdminVerification> {
  return request<AdminVerification>(`/api/admin/verifications/${id}/reject`, { method: 'POST', body: { reason } });
}
