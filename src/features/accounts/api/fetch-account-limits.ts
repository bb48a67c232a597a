import { queryOptions } from '@tanstack/react-query';
import type { AccountLimits } from '../../../../contract/trading';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

/** GET /api/trading-account/limits */
export function fetchAccountLimits(): Promise<AccountLimits> {
  return request<AccountLimits>('/api/trading-account/limits', { loader: false });
}

export const accountLimitsQuery = () => queryOptions({ queryKey: ['account-limits'] as const, queryFn: fetchAccountLimits, ...FRESH_PER_VISIT });
