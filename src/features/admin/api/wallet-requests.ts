import type { LedgerStatus, Paged, WalletRequest } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** GET /api/admin/wallet-requests?status= */
export function fetchWalletRequests(status: LedgerStatus, page: number): Promise<Paged<WalletRequest>> {
  return request<Paged<WalletRequest>>('/api/admin/wallet-requests', { query: { status, page } });
}

/** POST /api/admin/wallet-requests/:id/approve | reject */
export function decideWalletRequest(id: number, decision: 'approve' | 'reject'): Promise<WalletRequest> {
  return request<WalletRequest>(`/api/admin/wallet-requests/${id}/${decision}`, { method: 'POST' });
}
