import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor/payouts')({
  loader: ({ context }) => context.load('partnerPayouts'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.PayoutsScreen()), 'PayoutsScreen'),
});
