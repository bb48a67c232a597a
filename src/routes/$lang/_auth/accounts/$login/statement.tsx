import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../../../lib/guards';
import { lazyScreen } from '../../../../../lib/lazy';
import { statementSearch } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/accounts/$login/statement')({
  validateSearch: statementSearch,
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  component: lazyScreen(() => import('../../-screens').then((screens) => screens.StatementScreen()), 'StatementScreen'),
});
