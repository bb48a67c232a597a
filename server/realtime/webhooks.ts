import { hmacHex } from './protocol.ts';

/** The events Pusher's webhooks carry, with the fields Pusher documents for each. */
export type WebhookEvent =
  | { name: 'channel_occupied' | 'channel_vacated'; channel: string }
  | { name: 'member_added' | 'member_removed'; channel: string; user_id: string }
  | { name: 'client_event'; channel: string; event: string; data: string; socket_id: string; user_id?: string };

export interface Webhooks {
  emit(event: WebhookEvent): void;
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

export const noWebhooks: Webhooks = { emit() {}, async flush() {}, async close() {} };

/**
 * Pusher-style webhooks: `{time_ms, events}` POSTed as JSON to every configured URL, signed with
 * X-Pusher-Key and X-Pusher-Signature, events batched for `batchMs`, a failed request (network
 * error or non-2xx) retried with doubling waits. Only the process that sees a transition emits it
 * (ChannelState counts across processes), so a receiver hears each once.
 */
export function createWebhooks(options: WebhookOptions): Webhooks {
  if (options.urls.length === 0) return noWebhooks;
  const batchMs = options.batchMs ?? 250;
  const attempts = options.attempts ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const send = options.fetch ?? fetch;
  let queue: WebhookEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  const waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closed = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wait = { timer: setTimeout(() => (waits.delete(wait), resolve()), ms), resolve };
      waits.add(wait);
    });

  async function deliver(url: string, body: string): Promise<void> {
    const headers = {
      'content-type': 'application/json',
      'x-pusher-key': options.key,
      'x-pusher-signature': webhookSignature(options.secret, body),
    };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await send(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
        if (response.ok) return;
        options.log?.warn({ url, status: response.status, attempt }, 'realtime webhook refused');
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
    for (const url of options.urls) {
      const sending = deliver(url, body).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
  }

  return {
    emit(event) {
      if (closed) return;
      queue.push(event);
      timer ??= setTimeout(dispatch, batchMs);
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
