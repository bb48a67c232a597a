/**
 * Ends the current task and resumes in a new one, so that the browser can paint and answer input
 * between two steps of long work (the app's start: src/main.tsx). `scheduler.yield()` where the
 * browser has it (the continuation runs before other queued tasks of the same priority), else a
 * zero timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
