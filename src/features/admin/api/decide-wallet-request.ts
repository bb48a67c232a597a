import type { WalletRequest } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** POST /api/admin/wallet-requests/:id/approve | reject */
export function decideWalletRequest({ id, decision }: { id: number; decision: 'approve' | 'reject' }): Promise<WalletRequest> {
  return request<WalletRequest>(`/api/admin/wallet-requests/${id}/${decision}`, { method: 'POST' });
}
