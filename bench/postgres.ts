/**
 * A throwaway PostgreSQL for the bench (as the server tests make one: tests/server/global-setup.ts):
 * BENCH_DATABASE_URL when set, else a cluster from Debian's binaries on a free loopback port,
 * fsync off, removed by `stop()`.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../scripts/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface BenchPostgres {
  /** A fresh database on the server, for one measurement. */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<BenchPostgres | null> {
  const given = process.env.BENCH_DATABASE_URL;
  const fresh = (base: string) => async (name: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  if (given) return { database: fresh(given), stop: async () => {} };

  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) return null;
  const bin = join(root, version, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-bench-pg-'));
  let runAs: string[] = [];
  if (process.getuid?.() === 0) {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (!uid || !gid) return null;
    chownSync(dir, Number(uid), Number(gid));
    runAs = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...runAs, join(bin, tool), ...args];
    execFileSync(command!, rest, { stdio: 'pipe', cwd: dir });
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  // Debian's defaults otherwise (shared_buffers 128 MB, max_connections 100): what a fresh install has.
  run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off`]);
  return {
    database: fresh(`postgres://postgres@127.0.0.1:${port}/postgres`),
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
