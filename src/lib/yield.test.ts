import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yield';

describe('yieldToBrowser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("resumes in a later task: after the current task's microtasks, on a zero timeout", async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const yielded = yieldToBrowser().then(() => order.push('resumed'));
    await Promise.resolve().then(() => order.push('microtask'));
    expect(order).toEqual(['microtask']);
    await vi.runAllTimersAsync();
    await yielded;
    expect(order).toEqual(['microtask', 'resumed']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToBrowser();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});
