import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';
import { auditSearch } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/audit')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => context.load('audit', deps, cause),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminAuditScreen()), 'AdminAuditScreen'),
});
