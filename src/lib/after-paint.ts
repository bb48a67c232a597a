import { useSyncExternalStore } from 'react';

/**
 * What the first paint of a screen does not need (the realtime socket, the chat widget) waits for
 * the page's load and then a quiet moment of the browser, so that it does not compete with the
 * screen's own code and data (docs/adr/0102). The wait is bounded: a busy browser still gets them
 * within a couple of seconds of the load, and a load held up by a slow image within a few seconds
 * of the first ask.
 */
const IDLE_TIMEOUT_MS = 2000;
const MAX_WAIT_MS = 4000;

let settled: Promise<void> | null = null;
let done = false;
const listeners = new Set<() => void>();

export function afterFirstPaint(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    setTimeout(resolve, MAX_WAIT_MS);
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }).then(() => {
    done = true;
    for (const listener of listeners) listener();
    listeners.clear();
  });
  return settled;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void afterFirstPaint();
  return () => listeners.delete(listener);
}

/** False until `afterFirstPaint` has settled, then true (on the server: false). */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => done,
    () => false,
  );
}
