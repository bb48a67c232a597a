import type { Locale } from '../../contract/locales';
import { queryClient } from '../data/query-client';
import { walletRequestsQuery } from '../features/admin/api/fetch-wallet-requests';
import { adminPaymentMethodsQuery } from '../features/admin/api/fetch-admin-payment-methods';
import { reconciliationQuery } from '../features/admin/api/fetch-reconciliation';
import { auditQuery } from '../features/admin/api/fetch-audit';
import { accountsQuery } from '../features/accounts/api/fetch-accounts';
import { articlesQuery } from '../features/articles/api/get-articles';
import { historyPageQuery } from '../features/history/api/fetch-history';
import { type HistorySearch, searchToFilters, searchToPosition } from '../features/history/history-search';
import { mailQuery } from '../features/mailbox/api/list-mail';
import { servicesQuery } from '../features/services/api/get-services';
import { accountDetailsQuery } from '../features/trading/api/fetch-account-details';
import { dealsQuery } from '../features/trading/api/fetch-deals';
import { platformQuery } from '../features/trading/api/fetch-platform';
import { errorStatus } from '../lib/http';
import type { WalletRequestsSearch } from '../features/admin/api/fetch-wallet-requests';
import type { AuditSearch } from '../lib/search-params';
import { ticketQueueQuery, type TicketQueueSearch } from '../features/admin/api/fetch-ticket-queue';
import { adminTicketQuery, ticketStaffQuery } from '../features/admin/api/fetch-admin-ticket';
import { ticketsQuery } from '../features/tickets/api/fetch-tickets';
import { notificationPageQuery } from '../features/notifications/api/fetch-notification-page';
import type { notificationsSearch } from '../lib/search-params';
import { ticketQuery } from '../features/tickets/api/fetch-ticket';
import { offeringsQuery } from '../features/ipo/api/fetch-offerings';
import { offeringQuery } from '../features/ipo/api/fetch-offering';
import { appropriatenessQuery } from '../features/ipo/api/fetch-appropriateness';
import { adminIpoOfferingsQuery } from '../features/admin/api/fetch-admin-ipo';
import { securityQuery } from '../features/security';
import {
  partnerClientsQuery,
  partnerLinksQuery,
  partnerMeQuery,
  partnerPayoutsQuery,
  partnerRewardsQuery,
  partnerStatsQuery,
  subPartnersQuery,
} from '../features/investor/api/partner-queries';
import { adminPartnersQuery, partnerApplicationsQuery, partnerFlagsQuery, partnerPlansQuery, partnerWithdrawalsQuery } from '../features/admin/api/partners';
import { strategiesQuery } from '../features/investing/api/fetch-strategies';
import { strategyQuery } from '../features/investing/api/fetch-strategy';
import { subscriptionQuery, subscriptionsQuery } from '../features/investing/api/fetch-subscriptions';
import { myStrategiesQuery } from '../features/investing/api/my-strategies';
import { leaderboardFilters } from '../features/investing/leaderboard-filters';
import { adminStrategiesQuery } from '../features/admin/api/fetch-admin-strategies';
import type { InvestingSearch } from '../lib/search-params';
import { STRATEGY_PERIOD_DEFAULT, type StrategyPeriod } from '../../contract/investing';

type Cause = 'preload' | 'enter' | 'stay';

/** A partner section's data, asked only of a partner: anyone else sees the program's page, which needs none of it. */
async function asPartner(loads: () => Array<Promise<unknown>>): Promise<void> {
  const me = await queryClient.ensureQueryData(partnerMeQuery()).catch(() => null);
  if (me?.status === 'partner') await ensure(undefined, ...loads());
}

/**
 * The screens' queries in the cache before they show (`ensureQueryData`). Entering a route (or
 * preloading it on intent) waits for them; a filter or page changed on the screen itself ('stay')
 * does not, so the screen stays, showing what it holds, while the new page loads. A failure is
 * the screen's to show (LoadError with Try again), never the route's.
 */
async function ensure(cause: Cause | undefined, ...loads: Array<Promise<unknown>>): Promise<void> {
  const settled = Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
  if (cause !== 'stay') await settled;
}

/**
 * Every route loader's body, by name; a route calls `context.load(name, …)` (src/router.tsx),
 * which loads this module, and with it the query client, on first use: route files are part of
 * the entry chunk, and the sign-in path goes without TanStack Query.
 */
type NotificationsSearch = ReturnType<typeof notificationsSearch>;

export const PRELOADS = {
  /** Leaving the signed-in screens (sign-out, an expired session): nothing of that person stays in the tab. */
  forgetSignedInData: async () => queryClient.clear(),
  /** The second factors and step-up methods (the staff guard reads it; cached 30 s). */
  securityStatus: () => queryClient.fetchQuery(securityQuery()),
  accounts: () => ensure(undefined, queryClient.ensureQueryData(accountsQuery())),
  history: (search: HistorySearch, cause: Cause) =>
    ensure(
      cause,
      queryClient.ensureQueryData(accountsQuery()),
      queryClient.ensureQueryData(historyPageQuery(searchToFilters(search), searchToPosition(search))),
    ),
  walletRequests: (search: WalletRequestsSearch, cause: Cause) =>
    ensure(cause, queryClient.ensureQueryData(walletRequestsQuery(search.status ?? 'pending', search.page ?? 1))),
  /** An account's page: the platform, the account, and the page of deals asked for. */
  tradingAccount: (login: string, page: number, cause: Cause) =>
    ensure(
      cause,
      queryClient.ensureQueryData(platformQuery()),
      queryClient.ensureQueryData(accountDetailsQuery(login)),
      queryClient.ensureQueryData(dealsQuery(login, page)),
    ),
  notifications: (search: NotificationsSearch, cause: Cause) =>
    ensure(cause, queryClient.ensureQueryData(notificationPageQuery(search.filter ?? 'all', search.page ?? 1))),
  tickets: () => ensure(undefined, queryClient.ensureQueryData(ticketsQuery())),
  /** The partner program: where the caller stands (its layout), then, for a partner only, the section's data. */
  partner: () => ensure(undefined, queryClient.ensureQueryData(partnerMeQuery())),
  partnerDashboard: () => asPartner(() => [queryClient.ensureQueryData(partnerStatsQuery('30d'))]),
  partnerLinks: () => asPartner(() => [queryClient.ensureQueryData(partnerLinksQuery())]),
  partnerClients: () => asPartner(() => [queryClient.ensureQueryData(partnerClientsQuery())]),
  partnerRewards: () => asPartner(() => [queryClient.ensureInfiniteQueryData(partnerRewardsQuery({}))]),
  partnerPayouts: () => asPartner(() => [queryClient.ensureQueryData(partnerPayoutsQuery()), queryClient.ensureQueryData(accountsQuery())]),
  adminPartners: (view: 'applications' | 'plans' | 'partners' | 'flags' | 'payouts') =>
    ensure(
      undefined,
      view === 'applications'
        ? queryClient.ensureQueryData(partnerApplicationsQuery('submitted'))
        : view === 'plans'
          ? queryClient.ensureQueryData(partnerPlansQuery())
          : view === 'partners'
            ? queryClient.ensureQueryData(adminPartnersQuery())
            : view === 'flags'
              ? queryClient.ensureQueryData(partnerFlagsQuery('open'))
              : queryClient.ensureQueryData(partnerWithdrawalsQuery()),
    ),
  partnerSubPartners: () => asPartner(() => [queryClient.ensureQueryData(subPartnersQuery())]),
  ticket: (id: number) => ensure(undefined, queryClient.ensureQueryData(ticketQuery(id))),
  ticketQueue: (search: TicketQueueSearch, cause: Cause) =>
    ensure(cause, queryClient.ensureQueryData(ticketQueueQuery(search)), queryClient.ensureQueryData(ticketStaffQuery())),
  adminTicket: (id: number) => ensure(undefined, queryClient.ensureQueryData(adminTicketQuery(id)), queryClient.ensureQueryData(ticketStaffQuery())),
  ipoOfferings: (lang: Locale) => ensure(undefined, queryClient.ensureQueryData(offeringsQuery(lang))),
  ipoOffering: (id: number, lang: Locale) =>
    ensure(undefined, queryClient.ensureQueryData(offeringQuery(id, lang)), queryClient.ensureQueryData(appropriatenessQuery()), queryClient.ensureQueryData(accountsQuery())),
  /** The leaderboard with the address's filters, and the client's own investments and strategies. */
  investing: (search: InvestingSearch, lang: Locale, cause: Cause) =>
    ensure(
      cause,
      queryClient.ensureQueryData(strategiesQuery(leaderboardFilters(search), lang)),
      queryClient.ensureQueryData(subscriptionsQuery()),
      queryClient.ensureQueryData(myStrategiesQuery()),
    ),
  strategy: (id: number, period: StrategyPeriod | undefined, lang: Locale, cause: Cause) =>
    ensure(cause, queryClient.ensureQueryData(strategyQuery(id, period ?? STRATEGY_PERIOD_DEFAULT, lang))),
  subscription: (id: number) => ensure(undefined, queryClient.ensureQueryData(subscriptionQuery(id)), queryClient.ensureQueryData(accountsQuery())),
  adminStrategies: () => ensure(undefined, queryClient.ensureQueryData(adminStrategiesQuery())),
  adminIpo: () => ensure(undefined, queryClient.ensureQueryData(adminIpoOfferingsQuery())),
  reconciliation: () => ensure(undefined, queryClient.ensureQueryData(reconciliationQuery())),
  audit: (search: AuditSearch, cause: Cause) => ensure(cause, queryClient.ensureQueryData(auditQuery(search))),
  paymentMethods: () => ensure(undefined, queryClient.ensureQueryData(adminPaymentMethodsQuery())),
  articles: (lang: Locale) => ensure(undefined, queryClient.ensureQueryData(articlesQuery(lang))),
  services: (lang: Locale) => ensure(undefined, queryClient.ensureQueryData(servicesQuery(lang))),
  /** False when the server has no mailbox (production): the page answers 404 too. */
  mailbox: () =>
    queryClient.ensureQueryData(mailQuery()).then(
      () => true,
      (error: unknown) => {
        if (errorStatus(error) === 404) return false;
        throw error;
      },
    ),
};

export type Preloads = typeof PRELOADS;
