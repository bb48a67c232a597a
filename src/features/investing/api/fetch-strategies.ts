import { queryOptions } from '@tanstack/react-query';
import type { StrategyPeriod, StrategySort, StrategySummary } from '../../../../contract/investing';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';

export const investingKeys = { all: ['investing'] as const };

/** The leaderboard's server-side filters (the address's search params). */
export interface StrategyFilters {
  period?: StrategyPeriod | undefined;
  sort?: StrategySort | undefined;
  max_risk?: number | undefined;
  currency?: string | undefined;
}

/** GET /api/investing/strategies: public strategies with the figures of `period`, in the order asked. */
export function fetchStrategies(filters: StrategyFilters): Promise<StrategySummary[]> {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return request<StrategySummary[]>('/api/investing/strategies', { query, loader: false });
}

export const strategiesQuery = (filters: StrategyFilters, lang: Locale) =>
  queryOptions({
    queryKey: [...investingKeys.all, 'strategies', filters, lang] as const,
    queryFn: () => fetchStrategies(filters),
    staleTime: 30_000,
  });
