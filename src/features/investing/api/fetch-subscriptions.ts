import { queryOptions } from '@tanstack/react-query';
import type { CopySubscriptionDetails, CopySubscriptionSummary } from '../../../../contract/investing';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';
import { investingKeys } from './fetch-strategies';

/** GET /api/investing/subscriptions: the caller's subscriptions, newest first. */
export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: [...investingKeys.all, 'subscriptions'] as const,
    queryFn: () => request<CopySubscriptionSummary[]>('/api/investing/subscriptions', { loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/investing/subscriptions/{id}: figures, copied and skipped trades, fee lines and the timeline. */
export const subscriptionQuery = (id: number) =>
  queryOptions({
    queryKey: [...investingKeys.all, 'subscription', id] as const,
    queryFn: () => request<CopySubscriptionDetails>(`/api/investing/subscriptions/${id}`, { loader: false }),
    ...FRESH_PER_VISIT,
  });
