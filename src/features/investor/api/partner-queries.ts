import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  PartnerClients,
  PartnerLink,
  PartnerMe,
  PartnerPayout,
  PartnerPeriod,
  PartnerStats,
  RewardKind,
  RewardPage,
  SubPartner,
} from '../../../../contract/partners';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

export const partnerKeys = { all: ['partner'] as const };

/** GET /api/partner: where the caller stands (never applied, waiting, refused, partner) and, as a partner, the plan and the wallet. */
export const partnerMeQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.all, 'me'] as const,
    queryFn: () => request<PartnerMe>('/api/partner', { loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/partner/stats?period=: clicks, registrations, verified, funded, volume and rewards, in total, per link and per day. */
export const partnerStatsQuery = (period: PartnerPeriod) =>
  queryOptions({
    queryKey: [...partnerKeys.all, 'stats', period] as const,
    queryFn: () => request<PartnerStats>('/api/partner/stats', { query: { period }, loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/partner/links */
export const partnerLinksQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.all, 'links'] as const,
    queryFn: () => request<PartnerLink[]>('/api/partner/links', { loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/partner/clients: e-mail addresses come masked unless staff allowed otherwise. */
export const partnerClientsQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.all, 'clients'] as const,
    queryFn: () => request<PartnerClients>('/api/partner/clients', { loader: false }),
    ...FRESH_PER_VISIT,
  });

export interface RewardFilters {
  kind?: RewardKind;
  client?: number;
}

export const REWARDS_PER_PAGE = 50;

/** GET /api/partner/rewards: newest first, a page at a time (keyset `before`). */
export const partnerRewardsQuery = (filters: RewardFilters, perPage = REWARDS_PER_PAGE) =>
  infiniteQueryOptions({
    queryKey: [...partnerKeys.all, 'rewards', filters, perPage] as const,
    queryFn: ({ pageParam }) =>
      request<RewardPage>('/api/partner/rewards', {
        query: { ...filters, per_page: perPage, ...(pageParam === null ? {} : { before: pageParam }) },
        loader: false,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    ...FRESH_PER_VISIT,
  });

/** GET /api/partner/sub-partners */
export const subPartnersQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.all, 'sub-partners'] as const,
    queryFn: () => request<SubPartner[]>('/api/partner/sub-partners', { loader: false }),
    ...FRESH_PER_VISIT,
  });

/** GET /api/partner/payouts */
export const partnerPayoutsQuery = () =>
  queryOptions({
    queryKey: [...partnerKeys.all, 'payouts'] as const,
    queryFn: () => request<PartnerPayout[]>('/api/partner/payouts', { loader: false }),
    ...FRESH_PER_VISIT,
  });
