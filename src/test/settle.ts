/**
 * What a test started that must be finished or stopped before the test's DOM is torn down: the
 * app's router, for one (src/test/render-app.tsx). `setup.ts` awaits these before `cleanup()`.
 */
const waits = new Set<() => Promise<unknown>>();

export function settleBeforeCleanup(wait: () => Promise<unknown>): void {
  waits.add(wait);
}

export async function settleAll(): Promise<void> {
  for (const wait of waits) await wait();
  waits.clear();
}
