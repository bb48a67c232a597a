import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentStepUp, subscribeStepUp } from '../lib/step-up';

/** The dialog (and the passkey code it may use) loads when a step-up is first asked for, off the sign-in path. */
const StepUpDialog = lazy(() => import('./step-up/StepUpDialog').then((m) => ({ default: m.StepUpDialog })));

/** Where a step-up (docs/adr/0084) opens: the second factor (or the password) again, then the waiting action goes on. */
export function StepUpHost() {
  const step = useSyncExternalStore(subscribeStepUp, currentStepUp, () => null);
  return step ? (
    <Suspense fallback={null}>
      <StepUpDialog key={step.id} step={step} />
    </Suspense>
  ) : null;
}
