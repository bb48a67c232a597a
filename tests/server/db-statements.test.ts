import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTarget } from '../../server/config.ts';
import { connect } from '../../server/db/connect.ts';
import { runSelect } from '../../server/db/run-select.ts';
import type { Db } from '../../server/db/schema.ts';
import { DIALECTS, type Dialect, type FreshDatabase } from './support.ts';

/**
 * Statements are kept prepared per connection (server/db/connect.ts). What a caller must never
 * notice: a kept statement answering from a table that changed, or a text of several commands refused.
 */
/** A fresh database of the dialect on one connection, so every statement meets the one kept before it. */
function oneConnection(dialect: Dialect): () => Db {
  let fresh: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    fresh = await dialect.fresh();
    db = connect({ ...databaseTarget(fresh.url), ...(dialect.name === 'postgres' ? { poolMax: 1 } : {}) } as ReturnType<typeof databaseTarget>);
  });
  afterAll(async () => {
    await db.destroy();
    await fresh.drop();
  });
  return () => db;
}

describe.each(DIALECTS)('statements kept prepared on $name', (dialect) => {
  const database = oneConnection(dialect);

  it('answers the same statement again, with other values', async () => {
    await sql`create table kept_a (id integer primary key, label text not null)`.execute(database());
    await sql`insert into kept_a (id, label) values (1, 'one'), (2, 'two')`.execute(database());
    const read = (id: number) => sql<{ label: string }>`select label from kept_a where id = ${id}`.execute(database());
    expect((await read(1)).rows).toEqual([{ label: 'one' }]);
    expect((await read(2)).rows).toEqual([{ label: 'two' }]);
    expect((await read(3)).rows).toEqual([]);
  });

  it('reads a column a migration added after the statement was first run', async () => {
    await sql`create table kept_b (id integer primary key, label text not null)`.execute(database());
    await sql`insert into kept_b (id, label) values (1, 'one')`.execute(database());
    const read = () => sql<Record<string, unknown>>`select * from kept_b where id = ${1}`.execute(database());
    expect((await read()).rows).toEqual([{ id: 1, label: 'one' }]);
    await sql`alter table kept_b add column note text`.execute(database());
    await sql`update kept_b set note = 'added'`.execute(database());
    expect((await read()).rows).toEqual([{ id: 1, label: 'one', note: 'added' }]);
    expect((await read()).rows).toEqual([{ id: 1, label: 'one', note: 'added' }]);
  });
});

// SQLite's driver takes one command per statement: only PostgreSQL's migrations send several at once.
describe.each(DIALECTS.filter((dialect) => dialect.name === 'postgres'))('statements without parameters on $name', (dialect) => {
  const database = oneConnection(dialect);

  it('runs a text of several commands without parameters, as migrations send them', async () => {
    await sql.raw('create table kept_c (id integer primary key); insert into kept_c (id) values (7);').execute(database());
    expect((await sql<{ id: number }>`select id from kept_c where id > ${0}`.execute(database())).rows).toEqual([{ id: 7 }]);
  });
});

describe.each(DIALECTS.filter((dialect) => dialect.name === 'postgres'))('a connection lost while idle on $name', (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await dialect.fresh();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  it('is dropped and replaced, and the process goes on (a server restart or fail-over)', async () => {
    let heard: (error: Error) => void = () => {};
    const lost = new Promise<Error>((resolve) => (heard = resolve));
    const target = { ...databaseTarget(fresh.url), poolMax: 1 } as ReturnType<typeof databaseTarget>;
    const db = connect(target, { onLostConnection: (error) => heard(error) });
    const other = connect(target);
    try {
      const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid where ${1} = 1`.execute(db)).rows[0]!.pid;
      const first = await pid();
      // The one pooled connection is idle now; the server ends it, as a restart would.
      await sql`select pg_terminate_backend(${first})`.execute(other);
      expect((await lost).message).toMatch(/terminat/i);
      const second = await pid();
      expect(second).not.toBe(first);
    } finally {
      await db.destroy();
      await other.destroy();
    }
  });
});

describe.each(DIALECTS)('runSelect on $name', (dialect) => {
  const database = oneConnection(dialect);

  it('answers as executeQuery does', async () => {
    await sql`create table selected_a (id integer primary key, label text not null)`.execute(database());
    await sql`insert into selected_a (id, label) values (1, 'one'), (2, 'two')`.execute(database());
    const query = database().selectFrom('selected_a' as never).select(['id', 'label'] as never).orderBy('id' as never).compile();
    expect(await runSelect(database(), query)).toEqual(await database().executeQuery(query));
    await expect(runSelect(database(), sql`select nothing from no_such_table`.compile(database()))).rejects.toThrow();
  });

  it('waits for an open transaction, never reading what it has not committed', async () => {
    await sql`create table selected_b (id integer primary key, label text not null)`.execute(database());
    await sql`insert into selected_b (id, label) values (1, 'committed')`.execute(database());
    let updated!: () => void;
    const hasUpdated = new Promise<void>((resolve) => (updated = resolve));
    let rollBack!: () => void;
    const rolledBack = new Promise<void>((resolve) => (rollBack = resolve));
    const transaction = database()
      .transaction()
      .execute(async (trx) => {
        await sql`update selected_b set label = 'uncommitted' where id = 1`.execute(trx);
        updated();
        await rolledBack;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await hasUpdated;
    const read = runSelect(database(), sql<{ label: string }>`select label from selected_b where id = ${1}`.compile(database()));
    rollBack();
    await transaction;
    expect((await read).rows).toEqual([{ label: 'committed' }]);
  });
});
