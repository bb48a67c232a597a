import type Echo from 'laravel-echo';
import type { RealtimeConfig } from '../../../contract/chat';
import { request } from '../../lib/http';
import { setSocketId } from '../../lib/socket-id';
import { keepConnected } from './reconnect';

/**
 * The realtime connection: laravel-echo over pusher-js, loaded on first use only (their chunk
 * is not part of the shell), connected to wherever GET /api/realtime says: the app's own hub
 * on this host by default. Channel authorisation goes through the app's HTTP client, so it
 * carries the current token and language.
 */
export type AppEcho = Echo<'pusher'>;

let echo: Promise<AppEcho> | null = null;
/** Stops the current connection's watcher (reconnect.ts). */
let stopWatching = () => {};

export function getEcho(): Promise<AppEcho> {
  echo ??= connect().catch((error: unknown) => {
    echo = null;
    throw error;
  });
  return echo;
}

/** Closes the connection (sign-out); the next getEcho() connects afresh. */
export function closeEcho(): void {
  const current = echo;
  echo = null;
  setSocketId(undefined);
  void current
    ?.then((e) => {
      stopWatching();
      e.disconnect();
    })
    .catch(() => {});
}

async function connect(): Promise<AppEcho> {
  const [{ default: EchoClass }, { default: Pusher }, config] = await Promise.all([
    import('laravel-echo'),
    import('pusher-js'),
    request<RealtimeConfig>('/api/realtime', { loader: false }),
  ]);
  const secure = config.host ? config.force_tls : window.location.protocol === 'https:';
  const port = config.port ?? (window.location.port ? Number(window.location.port) : secure ? 443 : 80);
  const instance = new EchoClass({
    broadcaster: 'pusher',
    Pusher,
    key: config.key,
    cluster: 'mt1',
    wsHost: config.host ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: secure ? ['wss'] : ['ws'],
    disableStats: true,
    withoutInterceptors: true,
    channelAuthorization: {
      customHandler: ({ socketId: id, channelName }, callback) => {
        request<{ auth: string }>('/broadcasting/auth', {
          method: 'POST',
          body: { socket_id: id, channel_name: channelName },
          loader: false,
          quiet401: true,
        }).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  });
  const pusher = instance.connector.pusher;
  const connection = pusher.connection;
  connection.bind('state_change', ({ current }: { current: string }) => {
    setSocketId(current === 'connected' ? connection.socket_id : undefined);
  });
  stopWatching = keepConnected({
    state: () => connection.state,
    onStateChange(callback) {
      const listener = ({ current }: { current: string }) => callback(current);
      connection.bind('state_change', listener);
      return () => connection.unbind('state_change', listener);
    },
    restart() {
      pusher.disconnect();
      pusher.connect();
    },
  });
  return instance;
}
