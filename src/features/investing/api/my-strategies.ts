import { queryOptions } from '@tanstack/react-query';
import type { MyStrategy } from '../../../../contract/investing';
import type { StrategyBody } from '../../../../contract/investing.schema';
import { request } from '../../../lib/http';
import { investingKeys } from './fetch-strategies';

/** GET /api/investing/my-strategies: the strategies the caller offers, with their invitation codes. */
export const myStrategiesQuery = () =>
  queryOptions({
    queryKey: [...investingKeys.all, 'mine'] as const,
    queryFn: () => request<MyStrategy[]>('/api/investing/my-strategies', { loader: false }),
    staleTime: 30_000,
  });

/** The offer as typed: the minimum investment as decimal text, percentages as numbers (or text the server refuses on its field). */
export type OfferBody = Omit<StrategyBody, 'performance_fee_percent' | 'management_fee_percent' | 'min_investment'> & {
  performance_fee_percent: number | string;
  management_fee_percent: number | string;
  min_investment: string;
};

/** POST /api/investing/my-strategies: offers one of the caller's accounts as a strategy. */
export const offerStrategy = (body: OfferBody) => request<MyStrategy>('/api/investing/my-strategies', { method: 'POST', body });
