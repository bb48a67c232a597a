import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectIsAdmin, selectUser } from '../../../machines/session/session.selectors';
import { useAfterFirstPaint } from '../../lib/after-paint';
import { useRuntime } from '../../lib/runtime-context';

const ChatWidget = lazy(() => import('./ChatWidget').then((module) => ({ default: module.ChatWidget })));

/**
 * Seed: the widget shows only for signed-in users who are not admins. Its code (and with it
 * pusher-js and laravel-echo) loads only then, and after the screen's first paint (docs/adr/0102).
 */
export function ChatWidgetGate() {
  const { session } = useRuntime();
  const user = useSelector(session, selectUser);
  const admin = useSelector(session, selectIsAdmin);
  const painted = useAfterFirstPaint();
  if (!user || admin || !painted) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget key={user.id} user={user} />
    </Suspense>
  );
}
