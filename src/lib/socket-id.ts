/**
 * The realtime socket id for the X-Socket-ID header ("toOthers"), and the way to close the socket
 * at sign-out. Set by src/lib/realtime.ts once a screen uses realtime, and read by the HTTP client
 * and the app, so the shell never has to load pusher-js (or the realtime module) to know there is
 * no socket.
 */
let current: string | undefined;
let close: (() => void) | undefined;

export function currentSocketId(): string | undefined {
  return current;
}

export function setSocketId(id: string | undefined): void {
  current = id;
}

export function setSocketCloser(closer: () => void): void {
  close = closer;
}

/** Sign-out: the user's realtime socket closes (nothing happens when none was ever opened). */
export function closeSocket(): void {
  close?.();
}
