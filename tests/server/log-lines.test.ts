import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { gatherLines, type LineSink } from '../../server/log-destination.ts';

/** The line the server logs once it listens (server/start.ts), with the address it took. */
const LISTENING = /Traderoom is listening on (http:\/\/[^\s"]+)/;

/** A sink that records what it is handed, as pino's destination would write it. */
function recordingSink() {
  const batches: string[] = [];
  const sink: LineSink & { synced: number } = {
    synced: 0,
    write: (batch) => batches.push(batch),
    flush: (cb) => cb?.(),
    flushSync() {
      this.synced++;
    },
  };
  return { sink, batches };
}

describe('log lines are gathered before they are written (docs/adr/0111)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-log-lines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands lines on as one batch once enough are waiting, in order', () => {
    const { sink, batches } = recordingSink();
    const lines = gatherLines(sink, -1, 30);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    lines.write('{"n":3}\n');
    expect(batches).toEqual([]);
    lines.write('{"n":4}\n');
    expect(batches).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
    lines.write('{"n":5}\n');
    lines.flush();
    expect(batches).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n', '{"n":5}\n']);
    lines.flush();
    expect(batches).toHaveLength(2);
  });

  it('writes what is waiting synchronously, after what the sink still holds, when asked to at exit', () => {
    const file = join(dir, 'exit.log');
    const fd = openSync(file, 'w');
    const { sink, batches } = recordingSink();
    const lines = gatherLines(sink, fd, 4096);
    lines.write('{"n":1}\n');
    lines.write('{"n":2}\n');
    lines.flushSync();
    closeSync(fd);
    expect(sink.synced).toBe(1);
    expect(batches).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
  });

  it('a process that exits at once still writes every line it logged', async () => {
    const script = [
      "import { pino } from 'pino';",
      "import { logDestination } from './server/log-destination.ts';",
      "const log = pino({ level: 'info' }, logDestination());",
      "for (let n = 1; n <= 3; n++) log.info({ n }, 'line');",
      'process.exit(0);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(out.trim().split('\n').map((line) => (JSON.parse(line) as { n: number }).n)).toEqual([1, 2, 3]);
  });
});

describe('one log line per request (npm start)', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-request-lines-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes method, URL, status and milliseconds for every answer, the last ones too', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
        APP_KEY: 'log-lines-test-app-key-0123456789abcdef012',
        SEED_DEMO: '0',
        SKIP_BUILD: '1',
        STATIC_DIR: join(dir, 'no-dist'),
        MAIL_OUTBOX: join(dir, 'mail'),
        RECONCILE_INTERVAL_MINUTES: '0',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const base = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        const listening = LISTENING.exec(line);
        if (listening) resolve(listening[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the app exited with ${code} before it listened`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const url = await base;
      const asked = [
        { path: '/api/health', status: 200 },
        { path: '/api/user', status: 401 },
        { path: '/api/no-such-route?x=1', status: 404 },
      ];
      for (const { path, status } of asked) expect((await fetch(`${url}${path}`, { headers: { accept: 'application/json' } })).status).toBe(status);
      // Stopped at once: the lines still waiting are written as the process exits.
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The start prints a few plain lines of its own (migrations); pino's are JSON.
      const requests = lines
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request');
      expect(requests.map((entry) => [entry.method, entry.url, entry.status])).toEqual(asked.map(({ path, status }) => ['GET', path, status]));
      for (const entry of requests) {
        expect(Object.keys(entry)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'method', 'url', 'status', 'ms', 'msg']);
        expect(entry).toMatchObject({ level: 30, pid: child.pid });
        expect(typeof entry.reqId).toBe('string');
        expect(typeof entry.ms).toBe('number');
      }
      expect(new Set(requests.map((entry) => entry.reqId)).size).toBe(asked.length);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
