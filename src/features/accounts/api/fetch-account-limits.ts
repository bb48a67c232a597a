import type { AccountLimits } from '../../../../contract/trading';
import { request } from '../../../lib/http';

/** GET /api/trading-account/limits */
export function fetchAccountLimits(): Promise<AccountLimits> {
  return request<AccountLimits>('/api/trading-account/limits', { loader: false });
}
