import type { TradingAccount } from '../../../../contract/trading';
import { request } from '../../../lib/http';
import type { CreateAccountData } from '../../../../machines/trading-account/trading-account.machine';

/** POST /api/trading-account/create (seed: `currency_id`; ours: `type`, `leverage`). */
export function createAccount(data: CreateAccountData): Promise<TradingAccount> {
  return request<TradingAccount>('/api/trading-account/create', {
    method: 'POST',
    body: { currency_id: data.currency_id, type: data.type, leverage: Number(data.leverage) },
  });
}
