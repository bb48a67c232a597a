import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor/')({
  loader: ({ context }) => context.load('partnerDashboard'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.DashboardScreen()), 'DashboardScreen'),
});
