/**
 * Work a test started that must finish before the test's DOM is torn down. The app's router, for
 * one, keeps a timer for its pending screen while a navigation loads: a test that ends mid-load
 * would leave it to fire after the file's environment is gone (`window is not defined`), an error
 * Vitest pins on whichever file ran last. `setup.ts` awaits these before `cleanup()`.
 */
const waits = new Set<() => Promise<unknown>>();

export function settleBeforeCleanup(wait: () => Promise<unknown>): void {
  waits.add(wait);
}

export async function settleAll(): Promise<void> {
  for (const wait of waits) await wait();
  waits.clear();
}
