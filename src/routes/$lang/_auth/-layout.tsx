import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ChatWidgetGate } from '../../../features/chat/ChatWidgetGate';
import { NotificationBellGate } from '../../../features/notifications';
import { rememberTimeZone } from '../../../lib/time-zone';
import { MainLayout } from '../../../ui/layouts/MainLayout';

/**
 * The signed-in screens' frame, in its own chunk (with the navigation, the sidebar and the gates):
 * the sign-in path never downloads it, and it loads beside the first signed-in screen.
 */
export function SignedInLayout() {
  // The zone is for the signed-in frame the server sends next time (docs/adr/0112), so it is read
  // here, not at the app's start: a page's first Intl.DateTimeFormat loads the browser's locale
  // data (52-174 ms with the CPU four times slower, as Lighthouse's phone), which the sign-in
  // page, dating nothing, no longer pays (docs/adr/0114).
  useEffect(rememberTimeZone, []);
  return (
    <MainLayout overlay={<ChatWidgetGate />} navbarActions={<NotificationBellGate />}>
      <Outlet />
    </MainLayout>
  );
}
