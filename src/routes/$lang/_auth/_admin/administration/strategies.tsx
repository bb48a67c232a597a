import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/strategies')({
  loader: ({ context }) => context.load('adminStrategies'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminStrategiesScreen()), 'AdminStrategiesScreen'),
});
