import { queryOptions } from '@tanstack/react-query';
import type { StrategyDetails, StrategyPeriod } from '../../../../contract/investing';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';
import { investingKeys } from './fetch-strategies';

/** GET /api/investing/strategies/{id}?period=: the strategy, its equity, fee plan and delayed trades (description in the reader's language). */
export const strategyQuery = (id: number, period: StrategyPeriod, lang: Locale) =>
  queryOptions({
    queryKey: [...investingKeys.all, 'strategy', id, period, lang] as const,
    queryFn: () => request<StrategyDetails>(`/api/investing/strategies/${id}`, { query: { period }, loader: false }),
    staleTime: 30_000,
    retry: false,
  });
