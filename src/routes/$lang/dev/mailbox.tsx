import { createFileRoute, redirect } from '@tanstack/react-router';
import { errorStatus } from '../../../lib/http';
import { lazyScreen } from '../../../lib/lazy';

/** Development only: the server answers 404 in production, and so does this page. */
export const Route = createFileRoute('/$lang/dev/mailbox')({
  beforeLoad: async ({ context, params }) => {
    const [client, { mailQuery }] = await Promise.all([context.queryClient(), import('../../../features/mailbox/api/list-mail')]);
    try {
      await client.ensureQueryData(mailQuery());
    } catch (error) {
      if (errorStatus(error) === 404) throw redirect({ to: '/$lang/404', params, replace: true });
      throw error;
    }
  },
  component: lazyScreen(() => import('../../../features/mailbox/MailboxScreen'), 'MailboxScreen'),
});
