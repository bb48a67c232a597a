import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/investor/clients')({
  loader: ({ context }) => context.load('partnerClients'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.ClientsScreen()), 'ClientsScreen'),
});
