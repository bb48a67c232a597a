import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ChatWidgetGate } from '../../../features/chat/ChatWidgetGate';
import { NotificationBellGate } from '../../../features/notifications';
import { selectIsSignedIn } from '../../../../machines/session/session.selectors';
import { catalogueStep, requireAuth } from '../../../lib/guards';
import { MainLayout } from '../../../ui/layouts/MainLayout';

/** Login-required screens, in the main layout. */
export const Route = createFileRoute('/$lang/_auth')({
  beforeLoad: async ({ context, location }) => {
    await requireAuth(context.runtime, context.lang, location.href);
    await catalogueStep(context.runtime, 'app');
  },
  // Signed out (or the session ended): the next person on this tab must not see this one's
  // cached data. A change of language also leaves this match, and keeps the cache.
  onLeave: ({ context }) => {
    if (!selectIsSignedIn(context.runtime.session.getSnapshot())) void context.load('forgetSignedInData');
  },
  component: () => (
    <MainLayout overlay={<ChatWidgetGate />} navbarActions={<NotificationBellGate />}>
      <Outlet />
    </MainLayout>
  ),
});
