/**
 * The realtime socket id for the X-Socket-ID header ("toOthers"). Set by the chat's Echo
 * socket (src/lib/realtime.ts) and read by the HTTP client, so the shell never has to
 * load pusher-js to know there is no socket.
 */
let current: string | undefined;

export function currentSocketId(): string | undefined {
  return current;
}

export function setSocketId(id: string | undefined): void {
  current = id;
}
