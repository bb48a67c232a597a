import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor/sub-partners')({
  loader: ({ context }) => context.load('partnerSubPartners'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.SubPartnersScreen()), 'SubPartnersScreen'),
});
