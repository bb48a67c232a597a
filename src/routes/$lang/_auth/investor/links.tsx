import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor/links')({
  loader: ({ context }) => context.load('partnerLinks'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.LinksScreen()), 'LinksScreen'),
});
