import { queryOptions } from '@tanstack/react-query';
import type { AdminStrategy } from '../../../../contract/investing';
import { request } from '../../../lib/http';

export const adminStrategyKeys = { all: ['admin', 'strategies'] as const };

/** GET /api/admin/strategies: every strategy, hidden ones too, with its provider. */
export const adminStrategiesQuery = () =>
  queryOptions({
    queryKey: adminStrategyKeys.all,
    queryFn: () => request<AdminStrategy[]>('/api/admin/strategies', { loader: false }),
    staleTime: 0,
  });

/** POST …/{id}/hide {reason}: off the leaderboard and closed to new followers; or …/{id}/unhide. */
export const hideStrategy = (id: number, reason: string) => request<AdminStrategy>(`/api/admin/strategies/${id}/hide`, { method: 'POST', body: { reason } });
export const unhideStrategy = (id: number) => request<AdminStrategy>(`/api/admin/strategies/${id}/unhide`, { method: 'POST' });
