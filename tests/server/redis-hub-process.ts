import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { redisBroadcaster } from '../../server/realtime/broadcaster.ts';
import { createHub } from '../../server/realtime/hub.ts';
import { redisChannelState } from '../../server/realtime/state.ts';

/**
 * A hub in a process of its own, sharing REDIS_URL, for tests that kill it: prints
 * `listening <port>` once its lease is taken and it accepts sockets.
 */
const redisUrl = process.env.REDIS_URL!;
const state = redisChannelState(new Redis(redisUrl), { leaseMs: Number(process.env.LEASE_MS) });
await state.maintain!();
const hub = createHub({ key: process.env.APP_KEY!, secret: process.env.APP_SECRET!, state });
await redisBroadcaster(hub, redisUrl);
const server = createServer((_request, response) => response.writeHead(404).end());
hub.attach(server);
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
