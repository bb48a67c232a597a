/**
 * The realtime connection comes back after any close. pusher-js gives up for good after a
 * close code of 4000-4099 or 4300 and above, and after a server restart its own backoff
 * waits 10-24 s; this watcher restarts the connection itself: soon after the drop, then at
 * most RECONNECT_DELAYS_MS's last step apart, so a server that answers again is reached
 * within about a second.
 */
export const RECONNECT_DELAYS_MS = [250, 500, 1000] as const;

/** The part of a pusher-js connection the watcher needs. */
export interface Reconnectable {
  state(): string;
  /** Calls back with each new state; returns the unsubscribe. */
  onStateChange(callback: (current: string) => void): () => void;
  /** Drops any attempt under way and connects afresh. */
  restart(): void;
}

export interface ReconnectTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: ReconnectTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Watches `link` until the returned stop() (sign-out): every state but `connected` schedules a restart. */
export function keepConnected(link: Reconnectable, delays: readonly number[] = RECONNECT_DELAYS_MS, timers = browserTimers): () => void {
  let attempt = 0;
  let timer: unknown = null;
  let stopped = false;

  const cancel = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const schedule = () => {
    if (stopped || timer !== null) return;
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    timer = timers.set(() => {
      timer = null;
      if (stopped || link.state() === 'connected') return;
      attempt += 1;
      link.restart();
      schedule();
    }, delay);
  };

  const off = link.onStateChange((current) => {
    if (current === 'connected') {
      attempt = 0;
      cancel();
    } else if (current !== 'initialized') {
      schedule();
    }
  });
  if (link.state() !== 'connected' && link.state() !== 'initialized') schedule();

  return () => {
    stopped = true;
    cancel();
    off();
  };
}
