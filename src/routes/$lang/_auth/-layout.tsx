import { Outlet } from '@tanstack/react-router';
import { ChatWidgetGate } from '../../../features/chat/ChatWidgetGate';
import { NotificationBellGate } from '../../../features/notifications';
import { MainLayout } from '../../../ui/layouts/MainLayout';

/**
 * The signed-in screens' frame, in its own chunk (with the navigation, the sidebar and the gates):
 * the sign-in path never downloads it, and it loads beside the first signed-in screen.
 */
export function SignedInLayout() {
  return (
    <MainLayout overlay={<ChatWidgetGate />} navbarActions={<NotificationBellGate />}>
      <Outlet />
    </MainLayout>
  );
}
