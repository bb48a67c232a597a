/**
 * A stand-in for laravel-echo over pusher-js: channels that the test triggers by hand, a socket
 * that records whether it was closed. Same shape as `EchoLike` in src/lib/realtime.ts.
 */
type Callback = (data: never) => void;

export class FakeChannel {
  subscribed = false;
  left = false;
  private readonly callbacks = new Map<string, Set<Callback>>();
  constructor(readonly name: string) {}
  bind(event: string, callback: Callback) {
    if (!this.callbacks.has(event)) this.callbacks.set(event, new Set());
    this.callbacks.get(event)!.add(callback);
  }
  unbind(event: string, callback: Callback) {
    this.callbacks.get(event)?.delete(callback);
  }
  trigger(event: string, data: unknown) {
    this.emit(event, data);
    return true;
  }
  /** What the server (or another client's whisper) sends. */
  emit(event: string, data: unknown) {
    for (const callback of this.callbacks.get(event) ?? []) callback(data as never);
  }
  listeners(event: string) {
    return this.callbacks.get(event)?.size ?? 0;
  }
  succeed() {
    this.subscribed = true;
    this.emit('pusher:subscription_succeeded', undefined);
  }
  /** The server refused the subscription (its auth answered 403). */
  refuse() {
    this.subscribed = false;
    this.emit('pusher:subscription_error', { type: 'AuthError', status: 403 });
  }
}

export class FakeEcho {
  static instances: FakeEcho[] = [];
  disconnected = false;
  readonly channels = new Map<string, FakeChannel>();
  readonly connector = {
    pusher: {
      /** The socket: a test emits on it what pusher-js's connection emits (`state_change`, `message`). */
      connection: Object.assign(new FakeChannel('connection'), { state: 'connected', socket_id: '1.1' }),
      connect() {},
      disconnect() {},
      /** The user channel (`#server-to-user-{id}`): a test emits on it what the server sends this user. */
      user: new FakeChannel('#server-to-user'),
      /** The app signs its socket in (pusher:signin) once it makes it. */
      signins: 0,
      signin() {
        this.signins += 1;
      },
    },
  };
  constructor(readonly options?: unknown) {
    FakeEcho.instances.push(this);
  }
  channel(name: string) {
    return { subscription: this.join_(name) };
  }
  private(name: string) {
    return { subscription: this.join_(`private-${name}`) };
  }
  join(name: string) {
    return { subscription: this.join_(`presence-${name}`) };
  }
  leaveChannel(name: string) {
    const channel = this.channels.get(name);
    if (channel) channel.left = true;
    this.channels.delete(name);
  }
  leave(name: string) {
    for (const key of [name, `private-${name}`]) {
      const channel = this.channels.get(key);
      if (channel) channel.left = true;
      this.channels.delete(key);
    }
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The socket dropped: as pusher-js does, every channel is unsubscribed until a test calls its `succeed()`. */
  drop() {
    for (const channel of this.channels.values()) channel.subscribed = false;
  }
  private join_(name: string) {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = new FakeChannel(name);
      this.channels.set(name, channel);
      // Subscribed as soon as the (fake) server answers.
      const joined = channel;
      queueMicrotask(() => !joined.left && joined.succeed());
    }
    return channel;
  }
}
