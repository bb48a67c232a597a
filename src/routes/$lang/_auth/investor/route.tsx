import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../../lib/guards';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor')({
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loader: ({ context }) => context.load('partner'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.InvestorLayout()), 'InvestorLayout'),
});
