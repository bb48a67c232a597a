/**
 * Typing whispers go out at most once per WHISPER_INTERVAL_MS, whatever the keyboard and the
 * send button do: the hub allows 10 client events a second per socket. Within an interval
 * only the latest signal is kept (the other side needs the current state, not the history).
 */
export const WHISPER_INTERVAL_MS = 250;

export interface PaceTimers {
  now(): number;
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: PaceTimers = {
  now: () => Date.now(),
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Paced<T> {
  (value: T): void;
  /** Forgets a signal still waiting (the channel is gone). */
  cancel(): void;
}

export function paced<T>(send: (value: T) => void, interval = WHISPER_INTERVAL_MS, timers = browserTimers): Paced<T> {
  let lastSent = -Infinity;
  let waiting: { value: T } | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    lastSent = timers.now();
    send(value);
  };

  const pacedSend = (value: T) => {
    const wait = lastSent + interval - timers.now();
    if (wait <= 0 && timer === null) {
      lastSent = timers.now();
      send(value);
      return;
    }
    waiting = { value };
    timer ??= timers.set(flush, Math.max(0, wait));
  };
  pacedSend.cancel = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    waiting = null;
  };
  return pacedSend;
}
