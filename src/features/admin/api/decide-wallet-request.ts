import type { WalletRequest } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** A staff step on a live request: approve, reject with the reason the client reads, or take it into review. */
export type WalletRequestDecision = { decision: 'approve' } | { decision: 'reject'; reason: string } | { decision: 'review'; expected_at?: string | null };

/** POST /api/admin/wallet-requests/:id/approve | reject `{reason}` | review `{expected_at?}`; 409 when the request moved on meanwhile. */
export function decideWalletRequest({ id, ...step }: { id: number } & WalletRequestDecision): Promise<WalletRequest> {
  const body = step.decision === 'reject' ? { reason: step.reason } : step.decision === 'review' ? { expected_at: step.expected_at ?? null } : {};
  return request<WalletRequest>(`/api/admin/wallet-requests/${id}/${step.decision}`, { method: 'POST', body });
}
