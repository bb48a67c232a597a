import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../../../lib/guards';
import { lazyScreen } from '../../../../../lib/lazy';
import { accountPageSearch } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/accounts/$login/')({
  validateSearch: accountPageSearch,
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps, cause }) => context.load('tradingAccount', params.login, deps.page ?? 1, cause),
  component: lazyScreen(() => import('../../-screens').then((screens) => screens.AccountScreen()), 'AccountScreen'),
});
