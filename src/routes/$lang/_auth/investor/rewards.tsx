import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor/rewards')({
  loader: ({ context }) => context.load('partnerRewards'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.RewardsScreen()), 'RewardsScreen'),
});
