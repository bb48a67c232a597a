import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

type BarState = 'idle' | 'running' | 'done' | 'failed';

/** Seed, section 2: a thin bar while a navigation is pending; red when it failed. */
export function ProgressBar() {
  const { pending, failed } = useRouterState({
    select: (state) => ({
      pending: state.status === 'pending' || state.isLoading,
      failed: state.matches.some((match) => match.status === 'error'),
    }),
    structuralSharing: true,
  });
  const [state, setState] = useState<BarState>('idle');

  useEffect(() => {
    if (pending) {
      setState('running');
      return;
    }
    setState((previous) => (previous === 'running' ? (failed ? 'failed' : 'done') : previous));
    const timer = setTimeout(() => setState('idle'), 1200);
    return () => clearTimeout(timer);
  }, [pending, failed]);

  return (
    <div className="progress-bar" data-state={state} aria-hidden="true">
      <div className="progress-bar-fill" />
    </div>
  );
}
