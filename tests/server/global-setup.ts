/**
 * Gives the server tests a PostgreSQL server: TEST_DATABASE_URL when set (its role needs
 * CREATE on the database: each suite makes its own schema), else a throwaway cluster from
 * the installed PostgreSQL binaries (/usr/lib/postgresql/<version>/bin), started on a free
 * loopback port with fsync off and removed afterwards. No PostgreSQL, no run: the suite
 * fails with instructions rather than skipping half its cases.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL the tests may create schemas in. */
    pgUrl: string;
  }
}

const HOW_TO_FIX =
  'The server tests run on SQLite and PostgreSQL. Install PostgreSQL (Debian: apt-get install postgresql) ' +
  'so that /usr/lib/postgresql/<version>/bin/initdb exists, or set TEST_DATABASE_URL=postgres://user:pass@host:port/db ' +
  'to a database where that user may create schemas.';

function findPgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(base, versions[0], 'bin');
}

/** uid and gid of an OS user, from /etc/passwd. */
function osUser(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    return undefined;
  }

  const bin = findPgBin();
  if (!bin) throw new Error(`No PostgreSQL found. ${HOW_TO_FIX}`);

  const dir = mkdtempSync(join(tmpdir(), 'traderoom-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  let runAs: string[] = [];
  if (asRoot) {
    // PostgreSQL refuses to run as root: hand the directory to the postgres OS user.
    const postgres = osUser('postgres');
    if (!postgres) throw new Error(`Running as root, but there is no "postgres" OS user to run PostgreSQL as. ${HOW_TO_FIX}`);
    chownSync(dir, postgres.uid, postgres.gid);
    runAs = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...runAs, join(bin, tool), ...args];
    execFileSync(command!, rest, { stdio: 'pipe', cwd: dir });
  };

  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    run('pg_ctl', [
      '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start',
      '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    ]);
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start a throwaway PostgreSQL from ${bin}: ${stderr}${log}\n${HOW_TO_FIX}`, { cause: error });
  }

  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('create database traderoom_test');
  await admin.end();
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/traderoom_test`);

  return async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
