import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../contract/locales';
import { requireRole } from '../../../lib/guards';
import { lazyScreen } from '../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/services')({
  loader: ({ context, params }) => context.load('services', params.lang as Locale),
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  component: lazyScreen(() => import('./-screens').then((screens) => screens.ServicesScreen()), 'ServicesScreen'),
});
