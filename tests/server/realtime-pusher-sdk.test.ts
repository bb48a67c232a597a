import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pusherBroadcaster } from '../../server/realtime/broadcaster.ts';

/**
 * With PUSHER_HOST set the server publishes through the official `pusher` SDK. A stand-in for the
 * external service records what arrives over the Pusher HTTP API.
 */
describe('publishing to an external Pusher-compatible service', () => {
  const received: Array<{ url: string; body: Record<string, unknown> }> = [];
  const service = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(body) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    port = (service.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => service.close(resolve)));

  it('triggers the event on the channel, signed, leaving out the sender\'s socket', async () => {
    const broadcaster = pusherBroadcaster({ appId: 'traderoom', key: 'traderoom-key', secret: 's', host: '127.0.0.1', port, useTLS: false });
    await broadcaster.publish('private-chat.5', 'message.new', { chatMessage: { id: 1 } }, { exceptSocketId: '1.2' });
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toMatch(/^\/apps\/traderoom\/events\?.*auth_signature=[0-9a-f]{64}/);
    expect(received[0]!.body).toEqual({ name: 'message.new', channels: ['private-chat.5'], data: '{"chatMessage":{"id":1}}', socket_id: '1.2' });
  });
});
