import { hmacHex } from './protocol.ts';

/** The events Pusher's webhooks carry, with the fields Pusher documents for each. */
export type WebhookEvent =
  | { name: 'channel_occupied' | 'channel_vacated'; channel: string }
  | { name: 'member_added' | 'member_removed'; channel: string; user_id: string }
  | { name: 'client_event'; channel: string; event: string; data: string; socket_id: string; user_id?: string };

/**
 * A receiver in this process (the app's own presence webhook handler, when its hub is embedded):
 * given exactly the headers and body a URL would get, answering the status an HTTP receiver would.
 */
export type WebhookReceiver = (headers: Record<string, string>, body: string) => Promise<number>;

export interface Webhooks {
  emit(event: WebhookEvent): void;
  /** Adds a receiver in this process; its deliveries are signed, batched and retried like a URL's. Returns the removal. */
  addReceiver(receiver: WebhookReceiver): () => void;
  /** Sends what is queued now and waits for the sends in flight (shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface WebhookOptions {
  key: string;
  secret: string;
  urls: readonly string[];
  /** Events within this time go out in one request. Default 250 ms. */
  batchMs?: number;
  /** Attempts per request, the first included; waits double from `retryBaseMs`. Defaults 5 and 1000 ms. */
  attempts?: number;
  retryBaseMs?: number;
  fetch?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
}

/** X-Pusher-Signature: HMAC-SHA256 of the raw body with the app secret, hex (what the `pusher` SDK's webhook() checks). */
export function webhookSignature(secret: string, body: string): string {
  return hmacHex(secret, body);
}

export const noWebhooks: Webhooks = { emit() {}, addReceiver: () => () => {}, async flush() {}, async close() {} };

/**
 * Pusher-style webhooks: `{time_ms, events}` POSTed as JSON to every configured URL, signed with
 * X-Pusher-Key and X-Pusher-Signature, events batched for `batchMs`, a failed request (network
 * error or non-2xx) retried with doubling waits. Only the process that sees a transition emits it
 * (ChannelState counts across processes), so a receiver hears each once.
 */
export function createWebhooks(options: WebhookOptions): Webhooks {
  const batchMs = options.batchMs ?? 250;
  const attempts = options.attempts ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const send = options.fetch ?? fetch;
  let queue: WebhookEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  const waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closed = false;
  const receivers = new Set<WebhookReceiver>();
  type Target = { name: string; post(headers: Record<string, string>, body: string): Promise<number> };
  const urlTargets: Target[] = options.urls.map((url) => ({
    name: url,
    post: async (headers, body) => (await send(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })).status,
  }));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wait = { timer: setTimeout(() => (waits.delete(wait), resolve()), ms), resolve };
      waits.add(wait);
    });

  async function deliver({ name: url, post }: Target, body: string): Promise<void> {
    const headers = {
      'content-type': 'application/json',
      'x-pusher-key': options.key,
      'x-pusher-signature': webhookSignature(options.secret, body),
    };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const status = await post(headers, body);
        if (status >= 200 && status < 300) return;
        options.log?.warn({ url, status, attempt }, 'realtime webhook refused');
      } catch (err) {
        options.log?.warn({ err, url, attempt }, 'realtime webhook failed');
      }
      if (closed || attempt === attempts) return;
      await pause(retryBaseMs * 2 ** (attempt - 1));
    }
  }

  function dispatch(): void {
    timer = null;
    if (queue.length === 0) return;
    const body = JSON.stringify({ time_ms: Date.now(), events: queue });
    queue = [];
    const local = [...receivers].map((receiver): Target => ({ name: 'in-process receiver', post: receiver }));
    for (const target of [...urlTargets, ...local]) {
      const sending = deliver(target, body).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
  }

  return {
    emit(event) {
      if (closed || (urlTargets.length === 0 && receivers.size === 0)) return;
      queue.push(event);
      timer ??= setTimeout(dispatch, batchMs);
    },
    addReceiver(receiver) {
      receivers.add(receiver);
      return () => receivers.delete(receiver);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      dispatch();
      await Promise.all(inFlight);
    },
    async close() {
      if (timer) clearTimeout(timer);
      dispatch();
      closed = true;
      // Pending retries give up at once; a request under way finishes or times out.
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      await Promise.all(inFlight);
    },
  };
}
