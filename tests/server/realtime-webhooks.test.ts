import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherServer from 'pusher';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhooks, type Webhooks } from '../../server/realtime/webhooks.ts';
import { Inbox } from './realtime-support.ts';

const KEY = 'hook-key';
const SECRET = 'hook-secret';

/** A receiver that answers each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const inbox = new Inbox<{ headers: IncomingHttpHeaders; rawBody: string }>();
  const server: Server = createServer((request, response) => {
    let rawBody = '';
    request.on('data', (chunk: Buffer) => (rawBody += chunk.toString()));
    request.on('end', () => {
      inbox.push({ headers: request.headers, rawBody });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { inbox, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

describe('realtime webhooks', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  async function setup(statuses?: number[]) {
    const target = await receiver(statuses);
    const hooks: Webhooks = createWebhooks({ key: KEY, secret: SECRET, urls: [target.url], batchMs: 10_000, retryBaseMs: 5, attempts: 3 });
    cleanup.push(async () => {
      await hooks.close();
      await new Promise((resolve) => target.server.close(resolve));
    });
    return { ...target, hooks };
  }

  it('sends the events of one batch in one request that the pusher SDK accepts as signed', async () => {
    const { hooks, inbox } = await setup();
    hooks.emit({ name: 'channel_occupied', channel: 'presence-support' });
    hooks.emit({ name: 'member_added', channel: 'presence-support', user_id: '7' });
    await hooks.flush();
    const [request] = await inbox.waitFor(1);
    expect(request!.headers['x-pusher-key']).toBe(KEY);
    const sdk = new PusherServer({ appId: 'a', key: KEY, secret: SECRET, host: '127.0.0.1' });
    const hook = sdk.webhook({ headers: request!.headers as Record<string, string>, rawBody: request!.rawBody });
    expect(hook.isValid()).toBe(true);
    expect(hook.getEvents()).toEqual([
      { name: 'channel_occupied', channel: 'presence-support' },
      { name: 'member_added', channel: 'presence-support', user_id: '7' },
    ]);
    expect(new PusherServer({ appId: 'a', key: KEY, secret: 'other', host: '127.0.0.1' }).webhook({ headers: request!.headers as Record<string, string>, rawBody: request!.rawBody }).isValid()).toBe(false);
  });

  it('retries a refused request with the same body until it is taken, and gives up after the last attempt', async () => {
    const { hooks, inbox } = await setup([500, 503]);
    hooks.emit({ name: 'channel_vacated', channel: 'news' });
    await hooks.flush();
    const requests = await inbox.waitFor(3);
    expect(new Set(requests.map((r) => r.rawBody)).size).toBe(1);

    const failing = await setup([500, 500, 500, 500]);
    failing.hooks.emit({ name: 'channel_vacated', channel: 'news' });
    await failing.hooks.flush();
    expect(failing.inbox.items).toHaveLength(3);
  });
});
