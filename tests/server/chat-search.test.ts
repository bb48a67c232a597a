import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';

/** Clients of the staff's room list: names and e-mails a search must find by any part, in any case, Cyrillic too. */
const CLIENTS = [
  { first_name: 'Ada', second_name: 'Lovelace', email: 'ada.lovelace@search.test' },
  { first_name: 'Adam', second_name: 'Smith', email: 'a_smith@search.test' },
  { first_name: 'Иван', second_name: 'Петров', email: 'ivan.petrov@search.test' },
  { first_name: 'Іванна', second_name: 'Шевченко', email: 'ivanna100%@search.test' },
  { first_name: 'Grace', second_name: 'Hopper', email: 'GRACE.h@Search.test' },
  { first_name: 'Zoë', second_name: 'O"Brien', email: 'zoe@search.test' },
];

/** Each query with the clients (by e-mail) it must find, whichever database answers. */
const QUERIES: [string, string[]][] = [
  ['ada', ['ada.lovelace@search.test', 'a_smith@search.test']],
  ['ADA L', ['ada.lovelace@search.test']],
  ['lovel', ['ada.lovelace@search.test']],
  ['иван', ['ivan.petrov@search.test']],
  ['ванна', ['ivanna100%@search.test']],
  ['ПЕТРОВ', ['ivan.petrov@search.test']],
  ['іванна ш', ['ivanna100%@search.test']],
  ['a_s', ['a_smith@search.test']],
  ['100%', ['ivanna100%@search.test']],
  ['%', ['ivanna100%@search.test']],
  ['_', ['a_smith@search.test']],
  ['grace.h@search', ['grace.h@search.test']],
  ['o"b', ['zoe@search.test']],
  ['zoë', ['zoe@search.test']],
  ['ad', ['ada.lovelace@search.test', 'a_smith@search.test']],
  ['h@', ['a_smith@search.test', 'grace.h@search.test']],
  ['nobody here', []],
];

const answered = new Map<string, Record<string, string[]>>();

describe.each(DIALECTS)('the staff room search on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: false });
    for (const client of CLIENTS) {
      const user = await t.app.services.users.create({ ...client, password: 'search-password-1', verified: true });
      await t.app.services.chat.openRoom({ id: user.id, name: `${user.first_name} ${user.second_name}` });
    }
  });
  afterAll(() => t.close());

  it('finds every client whose name or e-mail holds the words, in any case', async () => {
    const results: Record<string, string[]> = {};
    for (const [query, expected] of QUERIES) {
      const rooms = await t.app.services.chat.listRooms(query);
      results[query] = rooms.map((r) => r.client.email.toLowerCase()).sort();
      expect(results[query], query).toEqual([...expected].sort());
    }
    answered.set(dialect.name, results);
  });

  it('keeps the index up to date when a client changes name or leaves', async () => {
    const ada = (await t.app.services.users.findByEmail('ada.lovelace@search.test'))!;
    expect((await t.app.services.chat.listRooms('ada lovelace')).map((r) => r.client.email)).toEqual(['ada.lovelace@search.test']);
    await t.app.services.users.updateNames(ada.id, { first_name: 'Augusta', second_name: 'King' });
    expect((await t.app.services.chat.listRooms('ada lovelace')).map((r) => r.client.email)).toEqual([]);
    expect((await t.app.services.chat.listRooms('augusta k')).map((r) => r.client.email)).toEqual(['ada.lovelace@search.test']);
    await t.db.deleteFrom('users').where('id', '=', ada.id).execute();
    expect(await t.app.services.chat.listRooms('augusta')).toEqual([]);
  });
});

describe('the staff room search on both databases', () => {
  it('answers the same queries with the same rooms', () => {
    const [first, ...others] = DIALECTS.map((d) => answered.get(d.name));
    expect(first).toBeDefined();
    for (const other of others) expect(other).toEqual(first);
  });
});
