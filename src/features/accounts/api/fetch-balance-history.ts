import type { BalanceHistory, BalanceRange } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** GET /api/trading-account/:id/balance-history?range= */
export function fetchBalanceHistory(accountId: number, range: BalanceRange): Promise<BalanceHistory> {
  return request<BalanceHistory>(`/api/trading-account/${accountId}/balance-history`, { query: { range } });
}
