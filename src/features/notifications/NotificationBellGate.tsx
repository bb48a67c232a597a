import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectUser } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';

const NotificationBell = lazy(() => import('./NotificationBell').then((module) => ({ default: module.NotificationBell })));

/** The bell shows for every signed-in user; its code (TanStack Query, the socket) loads only then. */
export function NotificationBellGate() {
  const { session } = useRuntime();
  const user = useSelector(session, selectUser);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell key={user.id} />
    </Suspense>
  );
}
