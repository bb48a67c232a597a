import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { requireRole } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/services')({
  // The data loads with the screen's code, before the switch.
  loader: ({ params }) => import('../../../features/services/preload').then((m) => m.preloadServices(params.lang as Locale)),
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  component: lazyScreen(() => import('../../../features/services/ServicesScreen'), 'ServicesScreen'),
});
