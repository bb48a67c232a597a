import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountState, CurvePoint, Deal, PasswordResult, PlatformInfo, Statement, TradingStats } from '../../contract/platform.ts';
import type { BalanceHistory, Paged, TradingAccount } from '../../contract/trading.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';
import { platformOf, trader } from './platform-support.ts';

describe.each(DIALECTS)('trading accounts on the platform on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('opens an account on the platform: the login is the platform’s, the figures are its state', async () => {
    const c = await trader(t, { deposit: '2500' });
    const state = await platformOf(t).state(c.login);
    expect(state).toMatchObject({ login: c.login, currency: 'USD', balance: 250_000, equity: 250_000 });
    expect(await c.listed()).toMatchObject({ number: c.login, balance: 250_000, equity: 250_000, free_margin: 250_000, available: 250_000, margin_level: null, nickname: null });
  });

  it('answers 404 for another client’s login, and for one that names nothing, on every call', async () => {
    const owner = await trader(t, { deposit: '1000' });
    const { position } = await owner.buy('EURUSD', 0.1);
    const intruder = await trader(t, { deposit: '0' });
    const calls: Array<[string, 'GET' | 'POST' | 'PATCH', string, unknown?]> = [
      ['details', 'GET', ''],
      ['nickname', 'PATCH', '', { nickname: 'mine' }],
      ['order', 'POST', '/orders', { symbol: 'EURUSD', side: 'buy', volume: 0.1 }],
      ['stops', 'PATCH', `/positions/${position.ticket}`, { stop_loss: null, take_profit: null }],
      ['close', 'POST', `/positions/${position.ticket}/close`],
      ['deals', 'GET', '/deals'],
      ['curve', 'GET', '/curve'],
      ['leverage', 'POST', '/leverage', { leverage: 50 }],
      ['password', 'POST', '/password', { kind: 'master' }],
      ['archive', 'POST', '/archive'],
      ['statement', 'GET', '/statement'],
      ['statement.csv', 'GET', '/statement.csv'],
    ];
    for (const login of [owner.login, '99999999', 'abc']) {
      for (const [name, method, path, body] of calls) {
        const res = await t.request({
          method,
          url: `/api/accounts/${login}${path}`,
          headers: { ...intruder.headers, 'idempotency-key': `k-${name}-${login}` },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect([name, login, res.statusCode]).toEqual([name, login, 404]);
        expect(res.json()).toEqual({ message: 'Not found.' });
      }
    }
    const stats = await t.request({ method: 'GET', url: `/api/analytics/trading?account_id=${owner.account.id}`, headers: intruder.headers });
    expect(stats.statusCode).toBe(404);
    // The owner's position is untouched.
    expect((await owner.details()).positions.map((p) => p.ticket)).toEqual([position.ticket]);
  });

  it('buys, shows the position with live profit, closes it, and finds both deals in the history', async () => {
    const c = await trader(t);
    const key = 'order-once-1';
    const placed = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 1 }, key);
    expect(placed.statusCode).toBe(201);
    const { position, deal } = placed.json<{ position: { ticket: number; open_price: number }; deal: Deal }>();
    expect(deal).toMatchObject({ kind: 'buy', entry: 'in', reason: 'client', symbol: 'EURUSD', volume: 1, position_ticket: position.ticket });
    // The same key again: the first answer, no second position.
    const again = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 1 }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().position.ticket).toBe(position.ticket);

    await platformOf(t).setQuote('EURUSD', position.open_price + 0.002, position.open_price + 0.0021);
    const details = await c.details();
    expect(details.positions).toHaveLength(1);
    expect(details.positions[0]).toMatchObject({ ticket: position.ticket, profit: 20_000 });
    expect(details.state.equity).toBe(details.state.balance + 20_000);
    expect((await c.listed()).equity).toBe(details.state.equity);

    const closed = await c.call('POST', `/positions/${position.ticket}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Deal>()).toMatchObject({ kind: 'sell', entry: 'out', position_ticket: position.ticket, profit: 20_000 });
    expect((await c.details()).positions).toEqual([]);

    const deals = (await c.call('GET', '/deals')).json<Paged<Deal>>();
    expect(deals.data.map((d) => [d.kind, d.entry])).toEqual([
      ['sell', 'out'],
      ['buy', 'in'],
      ['balance', null],
    ]);
    expect((await c.listed()).balance).toBe(1_000_000 + 20_000);
  });

  it('refuses an order off the volume grid and one beyond the free margin, in the caller’s language', async () => {
    const c = await trader(t, { deposit: '100' });
    const grid = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 0.001 });
    expect(grid.statusCode).toBe(422);
    expect(grid.json().errors).toEqual({ volume: ['The volume must be from 0.01 to 100 lots in steps of 0.01.'] });
    const ru = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 0.001 }, undefined, 'ru');
    expect(ru.json().errors.volume).toEqual(['Объём должен быть от 0,01 до 100 лота с шагом 0,01.']);
    const big = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 5 });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.volume[0]).toMatch(/^Not enough free margin for this volume \(free margin \$100\.00\)\.$/);
    const stops = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 0.01, take_profit: 0.5 });
    expect(stops.json().errors).toEqual({ take_profit: ['The take profit is on the wrong side of the current price.'] });
  });

  it('refuses an order and a close while prices are not updating, with 503 in the caller’s language', async () => {
    const c = await trader(t);
    const platform = platformOf(t);
    await platform.tick();
    const { position } = await c.buy('EURUSD', 0.1);
    // The feed stops (the process running it died): after PLATFORM_QUOTE_MAX_AGE_SECONDS nothing fills at the old price.
    t.clock.advance(10_001);
    const order = await c.order({ symbol: 'EURUSD', side: 'buy', volume: 0.1 }, undefined, 'ua');
    expect(order.statusCode).toBe(503);
    expect(order.headers['retry-after']).toBe('5');
    expect(order.json()).toEqual({ message: 'Ціни зараз не оновлюються, тому угоду не здійснено. Спробуйте трохи згодом.' });
    const close = await c.call('POST', `/positions/${position.ticket}/close`);
    expect(close.statusCode).toBe(503);
    expect(close.json().message).toBe('Prices are not updating right now, so nothing was traded. Try again shortly.');
    // The feed is back.
    await platform.tick();
    expect((await c.call('POST', `/positions/${position.ticket}/close`)).statusCode).toBe(200);
  });

  it('moves stops, and refuses stops on the wrong side of the price', async () => {
    const c = await trader(t);
    const { position } = await c.buy('EURUSD', 0.1);
    const sl = Number((position.open_price - 0.01).toFixed(5));
    const moved = await c.call('PATCH', `/positions/${position.ticket}`, { stop_loss: sl, take_profit: null });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ ticket: position.ticket, stop_loss: sl, take_profit: null });
    const wrong = await c.call('PATCH', `/positions/${position.ticket}`, { stop_loss: Number((position.open_price + 0.01).toFixed(5)), take_profit: null });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['stop_loss']);
    expect((await c.call('PATCH', '/positions/987654321', { stop_loss: null, take_profit: null })).statusCode).toBe(404);
  });

  it('changes the leverage, and refuses one at which the margin would exceed the equity', async () => {
    const c = await trader(t, { deposit: '1000' });
    const ok = await c.call('POST', '/leverage', { leverage: 200 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AccountState>().leverage).toBe(200);
    expect((await c.listed()).leverage).toBe(200);
    await c.buy('EURUSD', 0.5);
    const refused = await c.call('POST', '/leverage', { leverage: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ leverage: ['At this leverage the margin of the open positions would exceed the equity.'] });
    const ua = await c.call('POST', '/leverage', { leverage: 1 }, { 'accept-language': 'ua' });
    expect(ua.json().errors.leverage).toEqual(['З таким плечем маржа відкритих позицій перевищить кошти.']);
    expect((await c.listed()).leverage).toBe(200);
  });

  it('names the account, sets a fresh strong password once, and keeps none of it', async () => {
    const c = await trader(t, { deposit: '0' });
    const named = await c.call('PATCH', '', { nickname: '  Swing book  ' });
    expect(named.json<TradingAccount>().nickname).toBe('Swing book');
    expect((await c.call('PATCH', '', { nickname: 'x'.repeat(41) })).statusCode).toBe(422);
    expect((await c.call('PATCH', '', { nickname: '' })).json<TradingAccount>().nickname).toBeNull();

    // A trading password needs a step-up (docs/adr/0084): refused first, then the password proves it.
    expect((await c.call('POST', '/password', { kind: 'master' })).statusCode).toBe(423);
    await c.stepUp();
    const first = (await c.call('POST', '/password', { kind: 'master' })).json<PasswordResult>();
    const second = (await c.call('POST', '/password', { kind: 'investor' })).json<PasswordResult>();
    for (const { password } of [first, second]) {
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
    expect(second.kind).toBe('investor');
    expect(first.password).not.toBe(second.password);
    const dump = JSON.stringify(await t.db.selectFrom('trading_accounts').selectAll().execute());
    expect(dump).not.toContain(first.password);
  });

  it('archives only an empty, flat account', async () => {
    const c = await trader(t, { deposit: '100' });
    const { position } = await c.buy('EURUSD', 0.01);
    const flatFirst = await c.call('POST', '/archive');
    expect(flatFirst.json().errors).toEqual({ account: ['Close the open positions before archiving the account.'] });
    await c.call('POST', `/positions/${position.ticket}/close`);
    const empty = await c.call('POST', '/archive');
    expect(empty.json().errors).toEqual({ account: ['Withdraw or transfer the balance before archiving the account.'] });
    const balance = (await c.listed()).available;
    const out = await c.withdraw(c.account.id, (balance / 100).toFixed(2));
    expect(out.statusCode, out.body).toBe(201);
    const archived = await c.call('POST', '/archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json<TradingAccount>().status).toBe('archived');
    expect((await c.order({ symbol: 'EURUSD', side: 'buy', volume: 0.01 })).json().errors).toEqual({ account: ['This account is archived.'] });
  });

  it('writes a statement, as JSON and as a CSV file with a header row and amounts with a dot', async () => {
    const c = await trader(t, { deposit: '1234.5' });
    const { position } = await c.buy('EURUSD', 1);
    await platformOf(t).setQuote('EURUSD', position.open_price - 0.001, position.open_price - 0.0009);
    await c.call('POST', `/positions/${position.ticket}/close`);
    const json = (await c.call('GET', '/statement')).json<Statement>();
    expect(json).toMatchObject({ login: c.login, currency: 'USD', from: '2030-01-01', to: '2030-01-15', opening_balance: 0, deposits: 123_450, withdrawals: 0, profit: -10_000, closing_balance: 113_450 });
    expect(json.client).toBe('Ada Wallet');

    const csv = await c.call('GET', '/statement.csv?from=2030-01-15&to=2030-01-15');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-${c.login}-2030-01-15-2030-01-15.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('time,ticket,type,entry,reason,symbol,volume,price,position,profit,balance,comment');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((l) => l.split(','));
    expect(rows.map((r) => [r[2], r[3], r[9], r[10]])).toEqual([
      ['balance', '', '1234.50', '1234.50'],
      ['buy', 'in', '0.00', '1234.50'],
      ['sell', 'out', '-100.00', '1134.50'],
    ]);
    expect(rows[0]![11]).toMatch(/^DEP-[A-Z2-9]{10}$/);
  });

  it('draws the balance and equity curve and answers the platform’s instruments and bars', async () => {
    const c = await trader(t, { deposit: '50' });
    const curve = (await c.call('GET', '/curve?range=7d')).json<CurvePoint[]>();
    expect(curve.at(-1)).toMatchObject({ balance: 5000, equity: 5000 });
    const info = await t.request({ method: 'GET', url: '/api/platform', headers: c.headers });
    expect(info.json<PlatformInfo>()).toMatchObject({ name: 'embedded', simulated: true, margin_call_level: 100, stop_out_level: 50 });
    expect(info.json<PlatformInfo>().instruments.map((i) => i.symbol)).toEqual(['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'US500', 'BTCUSD']);
    const bars = await t.request({ method: 'GET', url: '/api/platform/bars?symbol=EURUSD&timeframe=M1&limit=5', headers: c.headers });
    expect(bars.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/platform/bars?symbol=NOPE', headers: c.headers })).statusCode).toBe(422);
  });

  it('draws Analytics’ balance history from the platform, so with trades it agrees with the account and its curve', async () => {
    const c = await trader(t, { deposit: '10000' });
    const platform = platformOf(t);
    const win = await c.buy('EURUSD', 1);
    await platform.setQuote('EURUSD', win.position.open_price + 0.002, win.position.open_price + 0.0021);
    await c.call('POST', `/positions/${win.position.ticket}/close`);
    const open = await c.buy('EURUSD', 1);
    await platform.setQuote('EURUSD', open.position.open_price - 0.0009, open.position.open_price - 0.0008);
    const listed = await c.listed();
    // The ledger holds $10,000; the platform $10,200 and a position $90 down.
    expect(listed.balance).toBe(1_020_000);
    expect(listed.equity).toBe(1_020_000 - 9_000);
    const res = await t.request({ method: 'GET', url: `/api/trading-account/${c.account.id}/balance-history?range=7d`, headers: c.headers });
    expect(res.statusCode).toBe(200);
    const history = res.json<BalanceHistory>();
    expect(history.points).toHaveLength(7);
    expect(history.points.at(-1)).toEqual({ date: t.clock.now().toISOString().slice(0, 10), balance: listed.balance, equity: listed.equity });
    const curve = (await c.call('GET', '/curve?range=7d')).json<CurvePoint[]>();
    expect(curve.at(-1)).toMatchObject({ balance: listed.balance, equity: listed.equity });
  });

  it('answers trading results from the account’s deals', async () => {
    const c = await trader(t, { deposit: '10000' });
    const platform = platformOf(t);
    const win = await c.buy('EURUSD', 1);
    await platform.setQuote('EURUSD', win.position.open_price + 0.003, win.position.open_price + 0.0031);
    await c.call('POST', `/positions/${win.position.ticket}/close`);
    const loss = await c.buy('EURUSD', 1);
    await platform.setQuote('EURUSD', loss.position.open_price - 0.001, loss.position.open_price - 0.0009);
    await c.call('POST', `/positions/${loss.position.ticket}/close`);
    const res = await t.request({ method: 'GET', url: `/api/analytics/trading?account_id=${c.account.id}`, headers: c.headers });
    expect(res.json<TradingStats>()).toEqual({
      account_id: c.account.id,
      currency: 'USD',
      precision: 2,
      trades: 2,
      wins: 1,
      win_rate: 50,
      profit: 20_000,
      gross_profit: 30_000,
      gross_loss: -10_000,
      max_drawdown: 10_000,
      max_drawdown_percent: 0.97,
    });
  });
});
