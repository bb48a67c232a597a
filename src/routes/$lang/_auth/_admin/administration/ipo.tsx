import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/ipo')({
  loader: ({ context }) => context.load('adminIpo'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminIpoScreen()), 'AdminIpoScreen'),
});
