import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';
import { adminPartnersSearch } from '../../../../../lib/search-params';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/partners')({
  validateSearch: adminPartnersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.load('adminPartners', deps.view ?? 'applications'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminPartnersScreen()), 'AdminPartnersScreen'),
});
