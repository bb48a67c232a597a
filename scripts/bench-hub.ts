/**
 * The realtime hub under load, for `npm run bench`: 1,000 WebSocket clients subscribed to one
 * room's private channel, then chat messages sent over the API one after another, each timed
 * from the moment the request leaves until every client has it. Figures are printed, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { WebSocket } from 'ws';
import { demoToken } from './demo-sign-in.ts';

const CLIENTS = 1000;
const MESSAGES = 100;

interface Options {
  base: string;
  /** Pid of the server process tree (tsx and its node child). */
  serverPid: number;
}

function treeRssKb(pid: number): number {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const rows = out.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of rows) {
      if (tree.has(pp) && !tree.has(p)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => tree.has(p)).reduce((sum, [, , rss]) => sum + rss, 0);
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function benchHub({ base, serverPid }: Options): Promise<void> {
  const { key } = await (await fetch(`${base}/api/realtime`)).json() as { key: string };
  const login = (email: string) => demoToken(base, email);
  const client = await login('client@traderoom.test');
  const admin = await login('admin@traderoom.test');
  const room = await post<{ id: number }>(base, '/api/chat/room', {}, client);
  const channel = `private-chat.${room.id}`;

  const before = treeRssKb(serverPid);
  const wsUrl = `${base.replace('http', 'ws')}/app/${key}?protocol=7&client=bench&version=1`;
  let onDelivery: (id: number) => void = () => {};
  const sockets: WebSocket[] = [];
  const openOne = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(wsUrl);
      ws.on('error', reject);
      ws.on('message', async (raw) => {
        const frame = JSON.parse(raw.toString()) as { event: string; data: string };
        if (frame.event === 'pusher:connection_established') {
          const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
          const { auth } = await post<{ auth: string }>(base, '/broadcasting/auth', { socket_id: socketId, channel_name: channel }, admin);
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
        } else if (frame.event === 'pusher_internal:subscription_succeeded') {
          resolve();
        } else if (frame.event === 'message.new') {
          onDelivery((JSON.parse(frame.data) as { chatMessage: { id: number } }).chatMessage.id);
        }
      });
      sockets.push(ws);
    });
  const startedAt = performance.now();
  for (let i = 0; i < CLIENTS; i += 50) await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, openOne));
  const connectSeconds = (performance.now() - startedAt) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = treeRssKb(serverPid);

  const latencies: number[] = [];
  const answers: number[] = [];
  const firsts: number[] = [];
  for (let m = 0; m < MESSAGES; m++) {
    let pending = CLIENTS;
    let sentAt = 0;
    const all = new Promise<void>((resolve) => {
      onDelivery = () => {
        latencies.push(performance.now() - sentAt);
        if (pending === CLIENTS) firsts.push(performance.now() - sentAt);
        if (--pending === 0) resolve();
      };
    });
    sentAt = performance.now();
    await post(base, `/api/chat/room/${room.id}/message`, { message: `bench ${m}` }, admin);
    answers.push(performance.now() - sentAt);
    await all;
  }
  for (const ws of sockets) ws.close();

  latencies.sort((a, b) => a - b);
  answers.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  console.log(`\nRealtime hub (${CLIENTS} subscribed clients, ${MESSAGES} messages sent over the API, one at a time):`);
  console.log(`  connections held: ${CLIENTS} (subscribed in ${connectSeconds.toFixed(1)} s, each with its /broadcasting/auth call)`);
  console.log(`  server memory: ${(before / 1024).toFixed(1)} MB before, ${(after / 1024).toFixed(1)} MB after: ${((after - before) / CLIENTS).toFixed(1)} KB per connection`);
  console.log(
    `  send-to-deliver latency over ${latencies.length} deliveries: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (goal p95 < 20 ms)`,
  );
  console.log(`  of which: first client reached p50 ${percentile(firsts, 50).toFixed(1)} ms; the 201 answered p50 ${percentile(answers, 50).toFixed(1)} ms`);
  console.log('  (request sent → message.new at each client: the HTTP call, the insert, the 1,000 sends, and this one process reading 1,000 sockets)');
  console.log(`  load average during the run: ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
}
