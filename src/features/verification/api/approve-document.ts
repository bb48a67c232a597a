import type { AdminVerification } from '../../../../contract/verification';
import { request } from '../../../lib/http';

/** POST /api/admin/verifications/{id}/approve */
export function approveDocument(id: number): Promise<AdminVerification> {
  return request<AdminVerification>(`/api/admin/verifications/${id}/approve`, { method: 'POST' });
}
