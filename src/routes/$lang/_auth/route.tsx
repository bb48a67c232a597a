import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ChatWidgetGate } from '../../../features/chat/ChatWidgetGate';
import { NotificationBellGate } from '../../../features/notifications';
import { requireAuth } from '../../../lib/guards';
import { MainLayout } from '../../../ui/layouts/MainLayout';

/** Login-required screens, in the main layout. */
export const Route = createFileRoute('/$lang/_auth')({
  beforeLoad: ({ context, location }) => requireAuth(context.runtime, context.lang, location.href),
  component: () => (
    <MainLayout overlay={<ChatWidgetGate />} navbarActions={<NotificationBellGate />}>
      <Outlet />
    </MainLayout>
  ),
});
