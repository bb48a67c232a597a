import type Echo from 'laravel-echo';
import type { RealtimeConfig } from '../../contract/chat';
import { afterFirstPaint } from './after-paint';
import { keepConnected } from './reconnect';
import { request } from './http';
import { setSocketCloser, setSocketId } from './socket-id';
import { yieldToBrowser } from './yield';

/**
 * The one realtime socket of a signed-in user: laravel-echo over pusher-js, loaded on first use
 * only (their chunk is not part of the shell), connected to wherever GET /api/realtime says.
 * Screens never hold the socket: they subscribe to a channel and get back the unsubscribe.
 * Subscriptions are counted per channel; the channel is left when its count reaches zero, and
 * only sign-out (`closeRealtime`) closes the socket (docs/architecture.md, "The flow of data").
 */
export type AppEcho = Echo<'pusher'>;

/** The part of a pusher-js channel a subscription uses. */
interface ChannelLink {
  subscribed: boolean;
  bind(event: string, callback: (data: never) => void): unknown;
  unbind(event: string, callback: (data: never) => void): unknown;
  trigger(event: string, data: unknown): unknown;
}

/** The part of the Echo instance this module uses (a fake in tests has the same shape). */
export interface EchoLike {
  channel(name: string): { subscription: unknown };
  private(name: string): { subscription: unknown };
  /** A presence channel (`presence-{name}`): the member is the signed-in user. */
  join(name: string): { subscription: unknown };
  leave(name: string): void;
  /** Leaves exactly one channel, by its full name. */
  leaveChannel(name: string): void;
  disconnect(): void;
  connector: { pusher: { connection: ConnectionLike; connect(): void; disconnect(): void; user: UserEvents } };
}

/** pusher-js's `user` facade: the events of the socket's own user channel, `#server-to-user-{id}`. */
interface UserEvents {
  bind(event: string, callback: (data: never) => void): unknown;
  unbind(event: string, callback: (data: never) => void): unknown;
}

interface ConnectionLike {
  state: string;
  socket_id?: string;
  bind(event: 'state_change', callback: (change: { current: string }) => void): unknown;
  bind(event: 'message', callback: (message: SocketMessage) => void): unknown;
  unbind(event: 'state_change', callback: (change: { current: string }) => void): unknown;
  unbind(event: 'message', callback: (message: SocketMessage) => void): unknown;
}

/** A message as pusher-js decodes it off the socket (its connection emits each as `message`). */
interface SocketMessage {
  event?: string;
  channel?: string;
}

/**
 * Pusher's protocol: a socket gets its user's events once signed in (`pusher:signin_success`) and,
 * on Pusher itself, subscribed to `#server-to-user-{id}` (which pusher-js asks for right after).
 * Traderoom's hub delivers from the sign-in and refuses that subscription; either message may be
 * the one after which nothing more is missed, so each is taken as "from here on events arrive".
 */
const USER_CHANNEL_PREFIX = '#server-to-user-';
const isUserEventsConfirmed = ({ event, channel }: SocketMessage) =>
  event === 'pusher:signin_success' || (event === 'pusher_internal:subscription_succeeded' && channel?.startsWith(USER_CHANNEL_PREFIX) === true);

/** One table from socket event to handler; events are named as the server broadcasts them. */
export interface ChannelHandlers {
  events?: Record<string, (data: never) => void>;
  whispers?: Record<string, (data: never) => void>;
  /**
   * Loads again what the channel's events keep current. pusher-js replays nothing: an event sent
   * before this use's subscription, or while the socket was away, reaches nobody. So this runs at
   * every subscription, the first included (a screen's first load is answered before its channel
   * is subscribed, since the socket connects after the first paint), and at once when the channel
   * is already subscribed for another use. Required, so that no live screen forgets it: `null`
   * only where nothing can be missed, a channel without events (presence) or whose every event is
   * superseded within seconds by the next (the prices' ticks). docs/architecture.md, "What a
   * subscription missed".
   */
  catchUp: (() => void) | null;
  error?: (error: unknown) => void;
  /** The channel is joined: whispers go out through `whisper`; the socket's state is readable. */
  ready?: (link: ChannelUse) => void;
}

export interface ChannelUse {
  whisper(event: string, data: unknown): void;
  /** Whether the channel is subscribed now: false from a drop until pusher-js has subscribed again. */
  subscribed(): boolean;
  connectionState(): string;
  /** Calls back with each new socket state; returns the unsubscribe. */
  onConnectionState(callback: (current: string) => void): () => void;
}

/** One channel of a group (`subscribeAll`): its catch-up is the group's. */
export interface GroupChannel {
  name: string;
  handlers: Omit<ChannelHandlers, 'catchUp' | 'ready'>;
}

export interface SubscribeOptions {
  private?: boolean;
  /** `presence-{name}`: counted apart from the private channel of the same name, and left alone. */
  presence?: boolean;
  /** When the realtime settings cannot be had: try again after these delays (the last repeats). */
  retryDelays?: readonly number[];
  onUnavailable?: (error: unknown) => void;
}

export interface Realtime {
  subscribe(name: string, handlers: ChannelHandlers, options?: SubscribeOptions): () => void;
  /**
   * Several channels shown together as one use (home's cards, one channel per account): the
   * group's `catchUp` runs once every channel is subscribed, at the first subscription and after a
   * drop, rather than once per channel; a channel the server refused does not hold the others back.
   * Returns the unsubscribe of them all.
   */
  subscribeAll(channels: readonly GroupChannel[], catchUp: (() => void) | null, options?: SubscribeOptions): () => void;
  /**
   * Events the server sends to this user alone (the socket is signed in as them). `catchUp` runs
   * each time the server confirms the socket gets them (again), for the caller to fetch what it
   * missed: only from then on does an event reach this tab, not from the socket's connecting,
   * since signing in takes a round trip of its own. Returns the unsubscribe.
   */
  onUserEvent(event: string, handler: (data: never) => void, catchUp: (() => void) | null): () => void;
  /** How many uses each channel has (for tests and inspection). */
  counts(): ReadonlyMap<string, number>;
  /** Sign-out: the socket closes; the next subscription connects afresh. */
  close(): void;
}

const WHISPER_PREFIX = 'client-';

export function createRealtime(connect: () => Promise<EchoLike>): Realtime {
  let echo: Promise<EchoLike> | null = null;
  const counts = new Map<string, number>();
  const getEcho = () =>
    (echo ??= connect().catch((error: unknown) => {
      echo = null;
      throw error;
    }));

  function release(key: string, leave: (e: EchoLike) => void) {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) return void counts.set(key, left);
    counts.delete(key);
    // Left once no use is left, also when a new use came and went before the socket was ready.
    void echo?.then((e) => !counts.has(key) && leave(e)).catch(() => {});
  }

  function subscribe(name: string, handlers: ChannelHandlers, options: SubscribeOptions = {}): () => void {
    // Echo's leave(name) would leave presence-{name} too: a presence use is counted and left by its full name.
    const key = options.presence ? `presence-${name}` : name;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    let active = true;
    let detach = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const attach = (e: EchoLike) => {
      if (!active) return;
      const channel = (options.presence ? e.join(name) : options.private ? e.private(name) : e.channel(name)).subscription as ChannelLink;
      const bound: Array<[string, (data: never) => void]> = [
        ...Object.entries(handlers.events ?? {}),
        ...Object.entries(handlers.whispers ?? {}).map(([event, fn]): [string, (data: never) => void] => [WHISPER_PREFIX + event, fn]),
      ];
      const onSubscribed = () => handlers.catchUp?.();
      const onError = (error: never) => handlers.error?.(error);
      for (const [event, fn] of bound) channel.bind(event, fn);
      channel.bind('pusher:subscription_succeeded', onSubscribed);
      channel.bind('pusher:subscription_error', onError);
      const connection = e.connector.pusher.connection;
      const listeners = new Set<(change: { current: string }) => void>();
      detach = () => {
        for (const [event, fn] of bound) channel.unbind(event, fn);
        channel.unbind('pusher:subscription_succeeded', onSubscribed);
        channel.unbind('pusher:subscription_error', onError);
        for (const listener of listeners) connection.unbind('state_change', listener);
      };
      handlers.ready?.({
        whisper: (event, data) => void channel.trigger(WHISPER_PREFIX + event, data),
        subscribed: () => channel.subscribed,
        connectionState: () => connection.state,
        onConnectionState(callback) {
          const listener = ({ current }: { current: string }) => callback(current);
          listeners.add(listener);
          connection.bind('state_change', listener);
          return () => {
            listeners.delete(listener);
            connection.unbind('state_change', listener);
          };
        },
      });
      if (channel.subscribed) onSubscribed();
    };

    const start = (): void =>
      void getEcho().then(attach, (error: unknown) => {
        options.onUnavailable?.(error);
        const delays = options.retryDelays;
        if (active && delays && delays.length > 0) retry = setTimeout(start, delays[Math.min(attempt++, delays.length - 1)]);
      });
    start();

    return () => {
      if (!active) return;
      active = false;
      clearTimeout(retry);
      detach();
      release(key, (e) => (options.presence ? e.leaveChannel(key) : e.leave(name)));
    };
  }

  function subscribeAll(channels: readonly GroupChannel[], catchUp: (() => void) | null, options?: SubscribeOptions): () => void {
    const links = new Map<string, ChannelUse>();
    const refused = new Set<string>();
    // Each channel's subscription (and each refusal) asks; the last of the group to settle answers.
    // After a drop pusher-js marks every channel unsubscribed until it has subscribed it again.
    const settled = () => channels.every(({ name }) => refused.has(name) || links.get(name)?.subscribed() === true);
    const leave = channels.map(({ name, handlers }) =>
      subscribe(
        name,
        {
          ...handlers,
          ready: (link) => links.set(name, link),
          catchUp: () => {
            refused.delete(name);
            if (settled()) catchUp?.();
          },
          error: (error) => {
            refused.add(name);
            handlers.error?.(error);
            if (settled()) catchUp?.();
          },
        },
        options,
      ),
    );
    return () => {
      for (const unsubscribe of leave) unsubscribe();
    };
  }

  function onUserEvent(event: string, handler: (data: never) => void, catchUp: (() => void) | null): () => void {
    let active = true;
    let detach = () => {};
    void getEcho().then(
      (e) => {
        if (!active) return;
        const { user, connection } = e.connector.pusher;
        // pusher-js keeps these confirmations to itself (its user facade drops `pusher:` events),
        // so they are read off the connection's messages.
        const onMessage = (message: SocketMessage) => isUserEventsConfirmed(message) && catchUp?.();
        user.bind(event, handler);
        connection.bind('message', onMessage);
        detach = () => {
          user.unbind(event, handler);
          connection.unbind('message', onMessage);
        };
      },
      // No socket to be had: what is fetched on load stays, as without realtime.
      () => {},
    );
    return () => {
      active = false;
      detach();
    };
  }

  function close() {
    const current = echo;
    echo = null;
    counts.clear();
    setSocketId(undefined);
    void current?.then((e) => e.disconnect()).catch(() => {});
  }

  return { subscribe, subscribeAll, onUserEvent, counts: () => counts, close };
}

/**
 * The socket in a browser: Echo over pusher-js, kept connected (reconnect.ts). Its 20 KB and the
 * handshake wait until the first screen has painted: what a screen shows live, it first shows as
 * loaded (docs/adr/0102).
 */
async function connectEcho(): Promise<EchoLike> {
  await afterFirstPaint();
  const [{ default: EchoClass }, { default: Pusher }, config] = await Promise.all([
    import('laravel-echo'),
    import('pusher-js'),
    request<RealtimeConfig>('/api/realtime', { loader: false }),
  ]);
  // pusher-js's evaluation is a long task on a phone; the connection starts in the next one.
  await yieldToBrowser();
  const secure = config.host ? config.force_tls : window.location.protocol === 'https:';
  const port = config.port ?? (window.location.port ? Number(window.location.port) : secure ? 443 : 80);
  const instance: AppEcho = new EchoClass({
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
    // Signed in as the user, so that the server can reach this tab on #server-to-user-{id} and
    // close it when the session is revoked or the password changes.
    userAuthentication: {
      endpoint: '/broadcasting/user-auth',
      headers: {},
      customHandler: ({ socketId: id }, callback) => {
        request<{ auth: string; user_data: string }>('/broadcasting/user-auth', {
          method: 'POST',
          body: { socket_id: id },
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
  pusher.signin();
  const connection = pusher.connection;
  const onState = ({ current }: { current: string }) => setSocketId(current === 'connected' ? connection.socket_id : undefined);
  connection.bind('state_change', onState);
  const stopWatching = keepConnected({
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
  return {
    channel: (name) => instance.channel(name),
    private: (name) => instance.private(name),
    join: (name) => instance.join(name),
    leave: (name) => instance.leave(name),
    leaveChannel: (name) => instance.leaveChannel(name),
    connector: instance.connector,
    disconnect() {
      stopWatching();
      // A socket closed for good no longer names this tab's socket id.
      connection.unbind('state_change', onState);
      instance.disconnect();
    },
  };
}

/** The app's one realtime socket; sign-out closes it through `closeSocket` (socket-id.ts). */
export const realtime = createRealtime(connectEcho);
setSocketCloser(() => realtime.close());
