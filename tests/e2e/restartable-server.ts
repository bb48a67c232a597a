/**
 * A second app server for the specs that kill it: its own SQLite file and port, killed with
 * SIGKILL (no goodbye to any socket) and started again on the same database and port. The
 * shared server of playwright.config.ts stays untouched. Runs tests/e2e/server.ts in one Node
 * process (`node --import tsx`), so the signal reaches the server itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RestartableServer {
  url: string;
  /** Starts the server (again) and resolves when it answers /api/health. */
  start(): Promise<void>;
  /** SIGKILL, resolved when the process is gone. */
  kill(): Promise<void>;
  /** Kills it and removes its files. */
  dispose(): Promise<void>;
}

/**
 * Its port: the suite's own port + 1000. Fixed, not asked of the OS: a port found free and let go
 * could be handed to another process (another suite on the same machine) while this server is
 * starting or lies killed, and the browsers would reconnect to that one. Below Linux's ephemeral
 * range (32768 and up), so no other process is given it by chance; one restartable server at a time
 * (dispose runs after each spec).
 */
const RESTART_PORT = Number(process.env.E2E_PORT ?? 8123) + 1000;

export async function restartableServer(): Promise<RestartableServer> {
  const port = RESTART_PORT;
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-e2e-restart-'));
  let child: ChildProcess | null = null;

  async function healthy(): Promise<boolean> {
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false;
    }
  }

  async function kill(): Promise<void> {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  }

  return {
    url,
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/server.ts'], {
        env: { ...process.env, PORT: String(port), E2E_DATA_DIR: dir, E2E_MAILBOX: join(dir, 'mailbox'), LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      started.stderr!.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-4096)));
      child = started;
      // The server logs this line once it accepts connections.
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        // Read to the end, so the server never blocks on a full pipe.
        started.stdout!.on('data', (chunk: Buffer) => {
          seen = (seen + chunk.toString()).slice(-4096);
          if (seen.includes('Traderoom is listening')) resolve();
        });
        started.once('exit', (code) => reject(new Error(`the test server exited with ${String(code)} before listening:\n${errors}`)));
      });
      if (!(await healthy())) throw new Error('the test server does not answer /api/health');
    },
    kill,
    async dispose() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
