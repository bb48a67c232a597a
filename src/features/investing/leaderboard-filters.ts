import { STRATEGY_PERIOD_DEFAULT, STRATEGY_SORT_DEFAULT } from '../../../contract/investing';
import type { InvestingSearch } from '../../lib/search-params';
import type { StrategyFilters } from './api/fetch-strategies';

/** The server's part of the address's filters (the minimum-investment cap is applied on the screen: it compares within each strategy's currency). */
export const leaderboardFilters = (search: InvestingSearch): StrategyFilters => ({
  period: search.period ?? STRATEGY_PERIOD_DEFAULT,
  sort: search.sort ?? STRATEGY_SORT_DEFAULT,
  max_risk: search.max_risk,
  currency: search.currency,
});
