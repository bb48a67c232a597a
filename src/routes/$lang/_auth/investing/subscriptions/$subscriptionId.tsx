import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../../../lib/guards';
import { lazyScreen } from '../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investing/subscriptions/$subscriptionId')({
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loader: ({ context, params }) => context.load('subscription', Number(params.subscriptionId) || 0),
  component: lazyScreen(() => import('../../-screens').then((screens) => screens.SubscriptionScreen()), 'SubscriptionScreen'),
});
