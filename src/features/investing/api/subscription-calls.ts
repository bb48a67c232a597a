import type { CopySubscriptionDetails, StopLossKind } from '../../../../contract/investing';
import { request } from '../../../lib/http';

/** What the follow dialog sends (amounts as the API's decimal text). */
export interface FollowBody {
  account_id: number;
  amount: string;
  invitation_code?: string;
}

/** A POST that moves money, with an `Idempotency-Key` belonging to its content (see wallet's idempotent poster). */
export interface Poster {
  post<T>(url: string, body: Record<string, unknown>): Promise<T>;
}

/** POST /api/investing/strategies/{id}/subscriptions: opens the copy account and funds it. */
export const follow = (poster: Poster, strategyId: number, body: FollowBody) =>
  poster.post<CopySubscriptionDetails>(`/api/investing/strategies/${strategyId}/subscriptions`, { ...body });

/** POST …/add-funds or …/withdraw, the money going from or back to the source account. */
export const moveFunds = (poster: Poster, id: number, direction: 'add-funds' | 'withdraw', amount: string) =>
  poster.post<CopySubscriptionDetails>(`/api/investing/subscriptions/${id}/${direction}`, { amount });

/** POST …/pause or …/resume: a step of the machine (409 when it refuses it now). */
export const subscriptionStep = (id: number, step: 'pause' | 'resume') =>
  request<CopySubscriptionDetails>(`/api/investing/subscriptions/${id}/${step}`, { method: 'POST' });

/** POST …/unsubscribe: positions closed, fees settled, the money back on the source account. */
export const unsubscribe = (poster: Poster, id: number) => poster.post<CopySubscriptionDetails>(`/api/investing/subscriptions/${id}/unsubscribe`, {});

/** PUT …/stop-loss: a money floor (decimal text) or a percent of the money invested; null removes it. */
export const setStopLoss = (id: number, stopLoss: { kind: StopLossKind; value: string | number } | null) =>
  request<CopySubscriptionDetails>(`/api/investing/subscriptions/${id}/stop-loss`, { method: 'PUT', body: { stop_loss: stopLoss } });
