import { queryOptions } from '@tanstack/react-query';
import type { CurvePoint } from '../../../../contract/platform';
import type { BalanceRange } from '../../../../contract/trading';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';
import { tradingKeys } from './fetch-account-details';

/** GET /api/accounts/{login}/curve?range=: balance and equity over time, oldest first. */
export function fetchCurve(login: string, range: BalanceRange): Promise<CurvePoint[]> {
  return request<CurvePoint[]>(`/api/accounts/${encodeURIComponent(login)}/curve`, { query: { range }, loader: false });
}

export const curveQuery = (login: string, range: BalanceRange) =>
  queryOptions({ queryKey: [...tradingKeys.account(login), 'curve', range] as const, queryFn: () => fetchCurve(login, range), ...FRESH_PER_VISIT });
