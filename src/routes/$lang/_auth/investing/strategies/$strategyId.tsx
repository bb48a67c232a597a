import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../../contract/locales';
import { requireRole } from '../../../../../lib/guards';
import { lazyScreen } from '../../../../../lib/lazy';
import { strategySearch } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/investing/strategies/$strategyId')({
  validateSearch: strategySearch,
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params, cause }) => context.load('strategy', Number(params.strategyId) || 0, deps.period, params.lang as Locale, cause),
  component: lazyScreen(() => import('../../-screens').then((screens) => screens.StrategyScreen()), 'StrategyScreen'),
});
