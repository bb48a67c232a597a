import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceHistory, Currency, TradingAccount } from '../../contract/trading.ts';
import { ledgerSum } from './wallet-support.ts';
import { bearer, CLIENT_EMAIL, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp, uniqueEmail } from './support.ts';

describe.each(DIALECTS)('trading accounts on $name', (dialect) => {
  let t: TestApp;
  let usd: Currency;
  let eur: Currency;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A fresh client, so each case starts with no accounts. */
  async function newClient(): Promise<string> {
    const email = uniqueEmail('trader');
    await t.registerVerified({ first_name: 'Ada', second_name: 'Trader', email, password: DEMO_PASSWORD });
    return t.login(email);
  }
  const create = (token: string, body: unknown, lang = 'en') =>
    t.post('/api/trading-account/create', body, { ...bearer(token), 'accept-language': lang });
  const list = async (token: string) => (await t.request({ method: 'GET', url: '/api/trading-account', headers: bearer(token) })).json<TradingAccount[]>();

  beforeAll(async () => {
    const token = await newClient();
    const currencies = (await t.request({ method: 'GET', url: '/api/currencies', headers: bearer(token) })).json<Currency[]>();
    usd = currencies.find((c) => c.code === 'USD')!;
    eur = currencies.find((c) => c.code === 'EUR')!;
  });

  it('lists the currencies with their minor-unit precision', async () => {
    const res = await t.request({ method: 'GET', url: '/api/currencies', headers: bearer(await newClient()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), code: 'USD', name: 'US Dollar', precision: 2 },
        { id: expect.any(Number), code: 'EUR', name: 'Euro', precision: 2 },
        { id: expect.any(Number), code: 'GBP', name: 'British Pound', precision: 2 },
        { id: expect.any(Number), code: 'JPY', name: 'Japanese Yen', precision: 0 },
      ]),
    );
  });

  it('seeds the demo client two accounts whose balances are their completed entries plus the profit of their past trades', async () => {
    const accounts = await list(await t.login(CLIENT_EMAIL));
    expect(accounts.map((a) => [a.type, a.currency.code])).toEqual([
      ['live', 'USD'],
      ['demo', 'EUR'],
    ]);
    const platform = t.app.services.platform;
    for (const account of accounts) {
      const { data: deals } = await platform.deals(account.number, { from: new Date(0), to: t.clock.now(), page: 1, per_page: 200 });
      const closed = deals.filter((d) => d.entry === 'out');
      expect(closed.length).toBeGreaterThanOrEqual(5);
      expect(closed.some((d) => d.profit > 0) && closed.some((d) => d.profit < 0)).toBe(true);
      expect(account.balance).toBeGreaterThan(0);
      expect(account.balance).toBe((await ledgerSum(t, account.id)) + closed.reduce((sum, d) => sum + d.profit, 0));
    }
  });

  it('dates the seed’s money and trades on the platform back to when they happened, so the curve grows over months', async () => {
    const client = await t.login(CLIENT_EMAIL);
    const [usd] = await list(client);
    const platform = t.app.services.platform;
    const { data: deals } = await platform.deals(usd!.number, { from: new Date(0), to: t.clock.now(), page: 1, per_page: 200 });
    const entries = await t.db.selectFrom('ledger_entries').select(['reference', 'decided_at']).where('account_id', '=', usd!.id).where('status', '=', 'completed').execute();
    // Each balance deal at its entry's time, not the day of the seed.
    for (const entry of entries) expect(deals.find((d) => d.comment === entry.reference)?.time).toBe(entry.decided_at);
    const history = (await t.request({ method: 'GET', url: `/api/trading-account/${usd!.id}/balance-history?range=all`, headers: bearer(client) })).json<BalanceHistory>();
    const balances = history.points.map((p) => p.balance);
    // From the opening day (before the first deposit) step by step to today's balance.
    expect(history.points[0]).toEqual({ date: usd!.created_at.slice(0, 10), balance: 0, equity: 0 });
    expect(new Set(balances).size).toBeGreaterThan(10);
    expect(balances.at(-1)).toBe(usd!.balance);
  });

  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/currencies'],
      ['GET', '/api/trading-account'],
      ['POST', '/api/trading-account/create'],
      ['GET', '/api/trading-account/1/balance-history'],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('opens a live account with the seed payload: 8-digit number, 1:100, zero balance', async () => {
    const token = await newClient();
    const res = await create(token, { currency_id: usd.id });
    expect(res.statusCode).toBe(201);
    const account = res.json<TradingAccount>();
    expect(account).toMatchObject({ type: 'live', leverage: 100, balance: 0, equity: 0, available: 0, status: 'active', currency: usd });
    expect(account.number).toMatch(/^[1-9]\d{7}$/);
    expect(account.created_at).toBe('2030-01-15T09:00:00.000Z');
    expect(await list(token)).toEqual([account]);
  });

  it('opens a demo account with the chosen leverage; a currency id may come as text', async () => {
    const token = await newClient();
    const res = await create(token, { currency_id: String(eur.id), type: 'demo', leverage: 500 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'demo', leverage: 500, currency: { code: 'EUR' } });
  });

  it.each([
    ['a missing currency', {}, 'The currency field is required.'],
    ['an empty currency', { currency_id: '' }, 'The currency field is required.'],
    ['an unknown currency', { currency_id: 9999 }, 'The selected currency is invalid.'],
    ['a currency that is not an id', { currency_id: 'usd' }, 'The selected currency is invalid.'],
  ])('refuses %s with errors.currency_id', async (_label, body, message) => {
    const token = await newClient();
    const res = await create(token, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { currency_id: [message] } });
    expect(await list(token)).toEqual([]);
  });

  it.each([0, 501, 1.5, 'x'])('refuses leverage %j', async (leverage) => {
    const token = await newClient();
    const res = await create(token, { currency_id: usd.id, leverage });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.leverage).toEqual(['The leverage field must be between 1 and 500.']);
  });

  it('refuses an unknown account type', async () => {
    const res = await create(await newClient(), { currency_id: usd.id, type: 'vip' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['type']);
  });

  it('holds the cap of 5 accounts and says so in the caller\'s language', async () => {
    const token = await newClient();
    for (let i = 0; i < 5; i++) expect((await create(token, { currency_id: usd.id })).statusCode).toBe(201);
    const en = await create(token, { currency_id: usd.id });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({ message: 'You can hold at most 5 trading accounts.', errors: { currency_id: ['You can hold at most 5 trading accounts.'] } });
    expect((await create(token, { currency_id: usd.id }, 'ru')).json().errors.currency_id).toEqual(['Можно открыть не более 5 торговых счетов.']);
    expect((await create(token, { currency_id: usd.id }, 'ua')).json().errors.currency_id).toEqual(['Можна відкрити не більше 5 торгових рахунків.']);
    expect(await list(token)).toHaveLength(5);
  });

  it('tells the signed-in client the cap before a create is refused', async () => {
    const limits = await t.request({ method: 'GET', url: '/api/trading-account/limits', headers: bearer(await newClient()) });
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({ max_accounts: 5 });
    const anonymous = await t.request({ method: 'GET', url: '/api/trading-account/limits' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never makes a sixth account when ten creates arrive at once', async () => {
    const token = await newClient();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(token, { currency_id: usd.id })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(5);
    const accounts = await list(token);
    expect(accounts).toHaveLength(5);
    expect(new Set(accounts.map((a) => a.number)).size).toBe(5);
  });

  it('counts the cap per client: another client still opens accounts', async () => {
    const first = await newClient();
    for (let i = 0; i < 5; i++) await create(first, { currency_id: usd.id });
    expect((await create(await newClient(), { currency_id: usd.id })).statusCode).toBe(201);
  });

  it('lists only the caller\'s accounts', async () => {
    const a = await newClient();
    const b = await newClient();
    await create(a, { currency_id: usd.id });
    await create(b, { currency_id: eur.id });
    const mine = await list(a);
    expect(mine.map((x) => x.currency.code)).toEqual(['USD']);
  });

  it('answers 404 for the balance history of another client\'s account', async () => {
    const owner = await newClient();
    const account = (await create(owner, { currency_id: usd.id })).json<TradingAccount>();
    const stranger = await newClient();
    const res = await t.request({ method: 'GET', url: `/api/trading-account/${account.id}/balance-history`, headers: bearer(stranger) });
    expect(res.statusCode).toBe(404);
    const own = await t.request({ method: 'GET', url: `/api/trading-account/${account.id}/balance-history?range=7d`, headers: bearer(owner) });
    expect(own.statusCode).toBe(200);
    expect(own.json().points).toHaveLength(7);
  });
});
