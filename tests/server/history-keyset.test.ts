import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage, LedgerKind, LedgerStatus } from '../../contract/trading.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

const KINDS: LedgerKind[] = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out'];
const STATUSES: LedgerStatus[] = ['completed', 'pending', 'rejected'];

describe.each(DIALECTS)('history pages by keyset on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A client with two accounts and `count` entries written straight into the ledger, several sharing a time. */
  async function clientWith(count: number) {
    const c = await walletClient(t);
    const accounts = [(await c.open('USD')).id, (await c.open('USD')).id];
    const { id: userId } = await t.db.selectFrom('users').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
    let n = 0;
    const insert = async (rows: number, at: (i: number) => string) => {
      const values = Array.from({ length: rows }, () => {
        const i = n++;
        const kind = KINDS[i % 4]!;
        return {
          user_id: userId,
          account_id: accounts[i % 2]!,
          kind,
          amount: kind === 'deposit' || kind === 'transfer_in' ? 100 + i : -(100 + i),
          currency_id: 1,
          status: STATUSES[i % 3]!,
          reference: `KEY-${String(i).padStart(6, '0')}`,
          counterparty_account_id: null,
          created_at: at(i),
          decided_at: null,
          decided_by: null,
        };
      });
      await t.db.insertInto('ledger_entries').values(values).execute();
    };
    // Three entries a minute: pages must break ties by id, not lose or repeat them.
    await insert(count, (i) => new Date(Date.parse('2030-01-01T00:00:00.000Z') + Math.floor(i / 3) * 60_000).toISOString());
    const get = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/history?${query}`, headers: c.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<HistoryPage>();
    };
    return { c, accounts, userId, insert, get };
  }

  /** Follows `next` from the first page to the last: every page's references, in order. */
  async function walk(get: (query: string) => Promise<HistoryPage>, filter: string, perPage: number, between?: (page: HistoryPage) => Promise<void>) {
    const pages: HistoryPage[] = [];
    let page = await get(`${filter}&per_page=${perPage}`);
    for (;;) {
      pages.push(page);
      await between?.(page);
      if (!page.cursors.next) return pages;
      page = await get(`${filter}&per_page=${perPage}&cursor=${page.cursors.next}`);
    }
  }

  it('walks every filter page by page: each entry once, newest first, as one unpaged list has them', async () => {
    const { get, accounts } = await clientWith(61);
    const filters = ['', `account_id=${accounts[0]}`, 'kind=deposit', 'status=pending', `account_id=${accounts[1]}&kind=withdrawal&status=completed`, 'from=2030-01-01&to=2030-01-01', 'status=rejected&from=2030-01-01'];
    for (const filter of filters) {
      const all = await get(`${filter}&per_page=100`);
      const pages = await walk(get, filter, 7);
      expect(pages.flatMap((p) => p.data.map((e) => e.reference)), filter).toEqual(all.data.map((e) => e.reference));
      expect(pages.map((p) => p.meta.current_page), filter).toEqual(pages.map((_, i) => i + 1));
      expect(pages.every((p) => p.meta.total === all.meta.total && p.meta.last_page === Math.max(1, Math.ceil(all.meta.total / 7))), filter).toBe(true);
      expect(pages[0]!.cursors.previous, filter).toBeNull();
    }
  });

  it('goes back with previous to the same pages, and to the first page with no previous', async () => {
    const { get } = await clientWith(30);
    const forward = await walk(get, 'kind=deposit', 2);
    let page = forward.at(-1)!;
    const back = [page];
    while (page.cursors.previous) {
      page = await get(`kind=deposit&per_page=2&cursor=${page.cursors.previous}`);
      back.unshift(page);
    }
    expect(back.map((p) => [p.meta.current_page, p.data.map((e) => e.reference)])).toEqual(forward.map((p) => [p.meta.current_page, p.data.map((e) => e.reference)]));
    expect(back[0]!.cursors.previous).toBeNull();
  });

  it('returns every entry exactly once while new entries arrive between pages', async () => {
    const { get, insert } = await clientWith(40);
    const before = (await get('per_page=100')).data.map((e) => e.reference);
    // Newer entries land on top while the client reads on: none of them push an old one onto the next page twice.
    const pages = await walk(get, '', 6, () => insert(5, () => new Date(Date.parse('2030-06-01T00:00:00.000Z') + Math.floor(Math.random() * 1000)).toISOString()));
    const seen = pages.flatMap((p) => p.data.map((e) => e.reference));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(6)).toEqual(before.slice(6));
    const keys = pages.flatMap((p) => p.data.map((e) => [e.created_at, e.id] as const));
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]), `${a.join()} before ${b.join()}`).toBe(true);
    }
    // Going back up from the bottom after the inserts shows the new entries on a full first page.
    let page = pages.at(-1)!;
    while (page.cursors.previous) page = await get(`per_page=6&cursor=${page.cursors.previous}`);
    expect(page.meta.current_page).toBe(1);
    expect(page.data.map((e) => e.reference)).toEqual((await get('per_page=6')).data.map((e) => e.reference));
  });

  it('counts the total again when the ledger changes, whoever writes it', async () => {
    const { get, insert, userId } = await clientWith(9);
    expect((await get('status=pending')).meta.total).toBe(3);
    await insert(3, () => '2030-02-01T00:00:00.000Z');
    expect((await get('status=pending')).meta.total).toBe(4);
    await t.db.updateTable('ledger_entries').set({ status: 'completed' }).where('user_id', '=', userId).where('status', '=', 'pending').execute();
    expect((await get('status=pending')).meta.total).toBe(0);
    await t.db.deleteFrom('ledger_entries').where('user_id', '=', userId).where('kind', '=', 'deposit').execute();
    expect((await get('')).meta.total).toBe(9);
  });

  it('keeps every filter\'s total equal to its entries through inserts, moves between accounts, kinds and statuses, and deletes', async () => {
    const { get, insert, userId, accounts } = await clientWith(24);
    const filters = ['', `account_id=${accounts[0]}`, `account_id=${accounts[1]}`, 'kind=deposit', 'kind=withdrawal', 'status=pending', 'status=completed', `account_id=${accounts[0]}&kind=transfer_in&status=rejected`, 'from=2030-01-01&to=2030-01-01'];
    const check = async (step: string) => {
      for (const filter of filters) {
        const all = await get(`${filter}&per_page=100`);
        expect(all.meta.total, `${step}: ${filter}`).toBe(all.data.length);
      }
    };
    await check('seeded');
    await insert(5, () => '2030-01-01T12:00:00.000Z');
    await check('after an insert');
    await t.db.updateTable('ledger_entries').set({ account_id: accounts[1]! }).where('user_id', '=', userId).where('account_id', '=', accounts[0]!).where('kind', '=', 'deposit').execute();
    await check('after a move between accounts');
    await t.db.updateTable('ledger_entries').set({ kind: 'withdrawal', status: 'pending' }).where('user_id', '=', userId).where('kind', '=', 'transfer_out').execute();
    await check('after a change of kind and status');
    await t.db.updateTable('ledger_entries').set({ reason: 'checked' }).where('user_id', '=', userId).execute();
    await check('after a change of nothing counted');
    await t.db.deleteFrom('ledger_entries').where('user_id', '=', userId).where('status', '=', 'rejected').execute();
    await check('after a delete');
  });

  it('refuses a page token it did not make with 422', async () => {
    const { c } = await clientWith(1);
    for (const cursor of ['nonsense', Buffer.from('[1,"a","x",1]').toString('base64url'), Buffer.from('{"page":2}').toString('base64url')]) {
      const res = await t.request({ method: 'GET', url: `/api/history?cursor=${cursor}`, headers: c.headers });
      expect(res.statusCode, cursor).toBe(422);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['cursor']);
    }
  });
});
