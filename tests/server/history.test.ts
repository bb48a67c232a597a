import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceHistory, LedgerEntry, Paged } from '../../contract/trading.ts';
import { csvField } from '../../server/http/history.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

describe.each(DIALECTS)('history on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  async function setUp() {
    t.clock.current = new Date('2030-01-15T09:00:00.000Z');
    const c = await walletClient(t);
    const usd = await c.open('USD');
    const usd2 = await c.open('USD');
    const live = await c.open('EUR', 'live');
    await c.deposit(usd.id, '100');
    t.clock.advance(86_400_000);
    await c.transfer(usd.id, usd2.id, '25.5');
    t.clock.advance(86_400_000);
    await c.withdraw(usd.id, '10');
    await c.deposit(live.id, '40');
    const get = async (query = '') => {
      const res = await t.request({ method: 'GET', url: `/api/history${query}`, headers: c.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Paged<LedgerEntry>>();
    };
    return { c, usd, usd2, live, get };
  }

  it('lists every entry of the client, newest first, with a page count', async () => {
    const { get, usd } = await setUp();
    const page = await get();
    expect(page.meta).toEqual({ current_page: 1, per_page: 50, total: 5, last_page: 1 });
    expect(page.data.map((e) => [e.kind, e.amount, e.status])).toEqual([
      ['deposit', 4000, 'pending'],
      ['withdrawal', -1000, 'completed'],
      ['transfer_in', 2550, 'completed'],
      ['transfer_out', -2550, 'completed'],
      ['deposit', 10_000, 'completed'],
    ]);
    expect(page.data.at(-1)).toMatchObject({ account_id: usd.id, account_number: usd.number, currency: 'USD', precision: 2 });
  });

  it('pages on the server', async () => {
    const { get } = await setUp();
    const first = await get('?per_page=2');
    const third = await get('?per_page=2&page=3');
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.data).toHaveLength(2);
    expect(third.data.map((e) => e.kind)).toEqual(['deposit']);
  });

  it('filters by account, kind, status and date range', async () => {
    const { get, usd, live } = await setUp();
    expect((await get(`?account_id=${live.id}`)).data.map((e) => e.kind)).toEqual(['deposit']);
    expect((await get(`?account_id=${usd.id}&kind=transfer_out`)).data).toHaveLength(1);
    expect((await get('?status=pending')).data.map((e) => e.amount)).toEqual([4000]);
    expect((await get('?from=2030-01-16&to=2030-01-16')).data.map((e) => e.kind)).toEqual(['transfer_in', 'transfer_out']);
    expect((await get('?from=2030-01-17')).meta.total).toBe(2);
    expect((await get('?to=2030-01-15')).data.map((e) => e.kind)).toEqual(['deposit']);
  });

  it('refuses another client\'s account and bad filters with 422', async () => {
    const { c } = await setUp();
    const other = await walletClient(t);
    const theirs = await other.open('USD');
    const res = await t.request({ method: 'GET', url: `/api/history?account_id=${theirs.id}`, headers: c.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ account_id: ['The selected account is invalid.'] });
    for (const query of ['?kind=bonus', '?status=done', '?from=15.01.2030', '?per_page=1000', '?page=0']) {
      expect((await t.request({ method: 'GET', url: `/api/history${query}`, headers: c.headers })).statusCode, query).toBe(422);
    }
  });

  it('never shows another client\'s entries', async () => {
    await setUp();
    const stranger = await walletClient(t);
    const res = await t.request({ method: 'GET', url: '/api/history', headers: stranger.headers });
    expect(res.json().data).toEqual([]);
  });

  it('exports the filtered entries as CSV with exact amounts', async () => {
    const { c, usd } = await setUp();
    const res = await t.request({ method: 'GET', url: `/api/history/export?account_id=${usd.id}`, headers: c.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="traderoom-history-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,reference,account,kind,status,amount,currency,counterparty_account');
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 7))).toEqual([
      [usd.number, 'withdrawal', 'completed', '-10.00', 'USD'],
      [usd.number, 'transfer_out', 'completed', '-25.50', 'USD'],
      [usd.number, 'deposit', 'completed', '100.00', 'USD'],
    ]);
  });

  it('defuses spreadsheet formulas and quotes separators in CSV fields', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-25.50')).toBe('-25.50');
    expect(csvField('a,b')).toBe('"a,b"');
  });

  it('draws the balance at the end of each day from the platform, completed entries only, zero before the opening', async () => {
    const { c, usd, live } = await setUp();
    const res = await t.request({ method: 'GET', url: `/api/trading-account/${usd.id}/balance-history?range=7d`, headers: c.headers });
    const history = res.json<BalanceHistory>();
    expect(history).toMatchObject({ account_id: usd.id, currency: 'USD', precision: 2 });
    expect(history.points.slice(-3)).toEqual([
      { date: '2030-01-15', balance: 10_000, equity: 10_000 },
      { date: '2030-01-16', balance: 7450, equity: 7450 },
      { date: '2030-01-17', balance: 6450, equity: 6450 },
    ]);
    expect(history.points).toHaveLength(7);
    expect(history.points[0]).toEqual({ date: '2030-01-11', balance: 0, equity: 0 });
    const pending = await t.request({ method: 'GET', url: `/api/trading-account/${live.id}/balance-history?range=all`, headers: c.headers });
    expect(pending.json<BalanceHistory>().points.every((p) => p.balance === 0)).toBe(true);
    const bad = await t.request({ method: 'GET', url: `/api/trading-account/${usd.id}/balance-history?range=2d`, headers: c.headers });
    expect(bad.statusCode).toBe(422);
  });
});
