import type { TradingAccount } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** GET /api/trading-account: the signed-in client's accounts. */
export function fetchAccounts(): Promise<TradingAccount[]> {
  return request<TradingAccount[]>('/api/trading-account');
}
