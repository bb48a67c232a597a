import type { AdminVerification } from '../../../../contract/verification';
import { request } from '../../../lib/http';

/** POST /api/admin/verifications/{id}/review {expected_at}: under review, with when to expect the decision (in the future; 422 otherwise). */
export function reviewDocument(id: number, expectedAt: string | null): Promise<AdminVerification> {
  return request<AdminVerification>(`/api/admin/verifications/${id}/review`, { method: 'POST', body: { expected_at: expectedAt } });
}
