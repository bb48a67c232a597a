import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { requireRole } from '../../../../lib/guards';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/ipo/$id')({
  beforeLoad: ({ context }) => requireRole(context.runtime, context.lang, 'client,admin'),
  loader: ({ context, params }) => context.load('ipoOffering', Number(params.id) || 0, params.lang as Locale),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.OfferingScreen()), 'OfferingScreen'),
});
