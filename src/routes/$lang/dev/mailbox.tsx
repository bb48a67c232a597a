import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy';

/** Development only: the server answers 404 in production, and so does this page. */
export const Route = createFileRoute('/$lang/dev/mailbox')({
  beforeLoad: async ({ context, params }) => {
    if (!(await context.load('mailbox'))) throw redirect({ to: '/$lang/404', params, replace: true });
  },
  component: lazyScreen(() => import('../../../features/mailbox/MailboxScreen'), 'MailboxScreen'),
});
