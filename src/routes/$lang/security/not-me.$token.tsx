import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy';

/** The new-device mail's "This wasn't me" link: open to guests and signed-in users alike (docs/adr/0088). */
export const Route = createFileRoute('/$lang/security/not-me/$token')({
  component: lazyScreen(() => import('../../../features/auth/NotMeScreen'), 'NotMeScreen'),
});
