import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';
import { preload } from '../../../lib/preload';

export const Route = createFileRoute('/$lang/_auth/wallet')({
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loader: ({ context }) =>
    preload(context, (client) => import('../../../features/accounts/api/fetch-accounts').then((m) => client.ensureQueryData(m.accountsQuery()))),
  component: lazyScreen(() => import('../../../features/wallet/WalletScreen'), 'WalletScreen'),
});
