import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/analytics')({
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loader: ({ context }) => context.load('accounts'),
  component: lazyScreen(() => import('./-screens').then((screens) => screens.AnalyticsScreen()), 'AnalyticsScreen'),
});
