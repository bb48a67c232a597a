import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepConnected, RECONNECT_DELAYS_MS, type Reconnectable } from './reconnect';

/** A connection whose state the test sets, counting the watcher's restarts. */
function fakeLink(initial = 'connected') {
  let state = initial;
  const listeners = new Set<(current: string) => void>();
  const restarts: number[] = [];
  const link: Reconnectable = {
    state: () => state,
    onStateChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    restart() {
      restarts.push(Date.now());
      set('connecting');
    },
  };
  function set(next: string) {
    state = next;
    for (const listener of [...listeners]) listener(next);
  }
  return { link, set, restarts };
}

describe('keepConnected', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('reconnects after a close pusher-js gives up on (4301: state "disconnected")', () => {
    const { link, set, restarts } = fakeLink();
    keepConnected(link);
    set('disconnected');
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0]);
    expect(restarts).toEqual([RECONNECT_DELAYS_MS[0]]);
    set('connected');
    vi.advanceTimersByTime(10_000);
    expect(restarts).toHaveLength(1);
  });

  it('keeps trying, never more than a second apart, while the server is down, and stops once connected', () => {
    const { link, set, restarts } = fakeLink();
    keepConnected(link);
    set('connecting');
    vi.advanceTimersByTime(20_000);
    const gaps = restarts.map((at, i) => at - (restarts[i - 1] ?? 0));
    expect(gaps.slice(0, 3)).toEqual([250, 500, 1000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1000);
    // The server answers again: the next attempt connects; the backoff starts over after the next drop.
    set('connected');
    const count = restarts.length;
    vi.advanceTimersByTime(5_000);
    expect(restarts).toHaveLength(count);
    set('unavailable');
    vi.advanceTimersByTime(250);
    expect(restarts).toHaveLength(count + 1);
  });

  it('stops watching on sign-out', () => {
    const { link, set, restarts } = fakeLink();
    const stop = keepConnected(link);
    set('connecting');
    stop();
    set('disconnected');
    vi.advanceTimersByTime(10_000);
    expect(restarts).toEqual([]);
  });
});
