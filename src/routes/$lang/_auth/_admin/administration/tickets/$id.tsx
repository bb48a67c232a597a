import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/tickets/$id')({
  loader: ({ context, params }) => context.load('adminTicket', Number(params.id) || 0),
  component: lazyScreen(() => import('../../-screens').then((screens) => screens.AdminTicketScreen()), 'AdminTicketScreen'),
});
