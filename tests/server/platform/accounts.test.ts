import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support.ts';
import { nextReference, openFunded, type PlatformHarness, refusal, startPlatform } from './support.ts';

describe.each(DIALECTS)('embedded platform accounts and money on $name', (dialect) => {
  let h: PlatformHarness;
  beforeAll(async () => {
    h = await startPlatform(dialect);
  });
  afterAll(() => h.close());

  it('opens an account with an 8-digit login that never starts with 0, empty and unlevered by positions', async () => {
    const login = await openFunded(h.platform, { currency: 'EUR', leverage: 200 });
    expect(login).toMatch(/^[1-9]\d{7}$/);
    expect(await h.platform.state(login)).toMatchObject({
      login,
      currency: 'EUR',
      precision: 2,
      leverage: 200,
      balance: 0,
      credit: 0,
      equity: 0,
      margin: 0,
      free_margin: 0,
      margin_level: null,
      margin_call: false,
      profit: 0,
    });
  });

  it('answers not_found for a login it does not hold', async () => {
    await expect(h.platform.state('99999999')).rejects.toEqual(refusal('not_found'));
    expect((await h.platform.states(['99999999'])).size).toBe(0);
  });

  it('moves money with balance deals; the same reference twice answers the first ticket and moves money once', async () => {
    const login = await openFunded(h.platform);
    const reference = nextReference();
    const first = await h.platform.balance({ login, kind: 'deposit', amount: 50_000, reference });
    const again = await h.platform.balance({ login, kind: 'deposit', amount: 50_000, reference });
    expect(again.ticket).toBe(first.ticket);
    expect((await h.platform.state(login)).balance).toBe(50_000);
    const deals = await h.platform.deals(login, { from: new Date(0), to: new Date('2100-01-01'), page: 1, per_page: 10 });
    expect(deals.data).toEqual([
      expect.objectContaining({ ticket: first.ticket, kind: 'balance', entry: null, reason: 'balance', profit: 50_000, comment: reference }),
    ]);
  });

  it('charges the margin by leverage in the account currency and fills a buy at the ask', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 1_000_000 });
    const [eurusd] = (await h.platform.quotes()).filter((q) => q.symbol === 'EURUSD');
    const { position, deal } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, stop_loss: null, take_profit: null });
    expect(position).toMatchObject({ symbol: 'EURUSD', side: 'buy', volume: 1, open_price: eurusd!.ask, current_price: eurusd!.bid });
    // 100,000 EUR at 1:100 is 1,000 EUR, worth 1,000 × the EURUSD mid in dollars.
    const mid = (eurusd!.bid + eurusd!.ask) / 2;
    expect(position.margin).toBe(Math.round(1000 * mid * 100));
    // Bought at the ask, valued at the bid: the spread is the loss.
    expect(position.profit).toBe(Math.round((eurusd!.bid - eurusd!.ask) * 100_000 * 100));
    expect(deal).toMatchObject({ kind: 'buy', entry: 'in', reason: 'client', price: eurusd!.ask, position_ticket: position.ticket, profit: 0 });
    const state = await h.platform.state(login);
    expect(state).toMatchObject({ balance: 1_000_000, margin: position.margin, profit: position.profit, equity: 1_000_000 + position.profit });
    expect(state.free_margin).toBe(state.equity - state.margin);
    expect(state.margin_level).toBe(Math.round((state.equity / state.margin) * 10_000) / 100);
  });

  it('values a EUR account buying USDJPY through the cross rates', async () => {
    const login = await openFunded(h.platform, { currency: 'EUR', leverage: 100, deposit: 500_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1);
    await h.platform.setQuote('USDJPY', 150, 150.01);
    const { position } = await h.platform.placeOrder(login, { symbol: 'USDJPY', side: 'buy', volume: 0.5, stop_loss: null, take_profit: null });
    expect(position.open_price).toBe(150.01);
    // 50,000 USD at 1:100 = 500 USD = 500 / 1.1 EUR.
    expect(position.margin).toBe(Math.round((500 / 1.1) * 100));
    await h.platform.setQuote('USDJPY', 151, 151.01);
    const [valued] = await h.platform.positions(login);
    // 0.99 JPY × 50,000 = 49,500 JPY; JPY → USD at 1/151.005, USD → EUR at 1/1.1.
    expect(valued!.profit).toBe(Math.round(((49_500 / 151.005) / 1.1) * 100));
    expect((await h.platform.state(login)).equity).toBe(500_000 + valued!.profit);
  });

  it('closes a position at the bid with an out deal whose profit reaches the balance', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    await h.platform.setQuote('XAUUSD', 2300, 2300.3);
    const { position } = await h.platform.placeOrder(login, { symbol: 'XAUUSD', side: 'buy', volume: 0.1, stop_loss: null, take_profit: null });
    await h.platform.setQuote('XAUUSD', 2310.3, 2310.6);
    const deal = await h.platform.closePosition(login, position.ticket);
    // (2310.30 − 2300.30) × 100 oz × 0.1 lot = $100.
    expect(deal).toMatchObject({ kind: 'sell', entry: 'out', reason: 'client', price: 2310.3, position_ticket: position.ticket, profit: 10_000 });
    expect(await h.platform.positions(login)).toEqual([]);
    expect(await h.platform.state(login)).toMatchObject({ balance: 1_010_000, equity: 1_010_000, margin: 0, margin_level: null });
    await expect(h.platform.closePosition(login, position.ticket)).rejects.toEqual(refusal('not_found'));
  });

  it('refuses volumes off the instrument grid, stops on the wrong side, unknown symbols and closed markets', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    const order = { symbol: 'EURUSD' as const, side: 'buy' as const, stop_loss: null, take_profit: null };
    await expect(h.platform.placeOrder(login, { ...order, volume: 0.005 })).rejects.toEqual(refusal('invalid_volume'));
    await expect(h.platform.placeOrder(login, { ...order, volume: 0.015 })).rejects.toEqual(refusal('invalid_volume'));
    await expect(h.platform.placeOrder(login, { ...order, volume: 101 })).rejects.toEqual(refusal('invalid_volume'));
    const [q] = (await h.platform.quotes()).filter((x) => x.symbol === 'EURUSD');
    await expect(h.platform.placeOrder(login, { ...order, volume: 0.1, stop_loss: q!.bid + 0.001 })).rejects.toEqual(refusal('invalid_stops'));
    await expect(h.platform.placeOrder(login, { ...order, volume: 0.1, take_profit: q!.bid - 0.001 })).rejects.toEqual(refusal('invalid_stops'));
    await expect(h.platform.placeOrder(login, { ...order, side: 'sell', volume: 0.1, stop_loss: q!.ask - 0.001 })).rejects.toEqual(refusal('invalid_stops'));
    await expect(h.platform.placeOrder(login, { ...order, volume: 0.1, stop_loss: 1.000001 })).rejects.toEqual(refusal('invalid_stops'));
    await expect(h.platform.placeOrder(login, { ...order, symbol: 'AUDCAD' as 'EURUSD', volume: 0.1 })).rejects.toEqual(refusal('unknown_symbol'));
    // 09:00 UTC on a Tuesday: the index trades from 13:30.
    await expect(h.platform.placeOrder(login, { ...order, symbol: 'US500', volume: 1 })).rejects.toEqual(refusal('market_closed'));
    expect(await h.platform.positions(login)).toEqual([]);
  });

  it('refuses an order whose margin the free margin cannot hold', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 100_000 });
    // One lot holds about $1,085 of margin; $1,000 is not enough.
    await expect(h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, stop_loss: null, take_profit: null })).rejects.toEqual(
      expect.objectContaining({ code: 'no_money', detail: expect.objectContaining({ free_margin: 100_000 }) }),
    );
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.5, stop_loss: null, take_profit: null });
    expect((await h.platform.state(login)).free_margin).toBeGreaterThanOrEqual(0);
  });

  it('refuses a withdrawal above the free margin and answers the free margin', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 200_000 });
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, stop_loss: null, take_profit: null });
    const { free_margin } = await h.platform.state(login);
    await expect(h.platform.balance({ login, kind: 'withdrawal', amount: -(free_margin + 1), reference: nextReference('WDR') })).rejects.toEqual(
      expect.objectContaining({ code: 'no_money', detail: { free_margin } }),
    );
    await h.platform.balance({ login, kind: 'withdrawal', amount: -free_margin, reference: nextReference('WDR') });
    expect(await h.platform.state(login)).toMatchObject({ free_margin: 0, balance: 200_000 - free_margin });
  });

  it('changes leverage, and refuses it when the margin at the new leverage would exceed equity', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 200_000 });
    const { position } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, stop_loss: null, take_profit: null });
    // At 1:10 the lot would need ~$10,850 of margin against ~$2,000 of equity.
    await expect(h.platform.setLeverage(login, 10)).rejects.toEqual(refusal('margin_exceeds_equity'));
    expect((await h.platform.state(login)).leverage).toBe(100);
    const state = await h.platform.setLeverage(login, 200);
    expect(state).toMatchObject({ leverage: 200, margin: Math.round(position.margin / 2) });
    expect(await h.platform.state(login)).toMatchObject({ leverage: 200 });
  });

  it('pages deals by time, newest first', async () => {
    const login = await openFunded(h.platform);
    const tickets: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      h.clock.advance(60_000);
      tickets.push((await h.platform.balance({ login, kind: 'deposit', amount: i * 100, reference: nextReference() })).ticket);
    }
    const all = { from: new Date(0), to: new Date('2100-01-01') };
    const first = await h.platform.deals(login, { ...all, page: 1, per_page: 2 });
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
    expect(first.data.map((d) => d.ticket)).toEqual([tickets[4], tickets[3]]);
    const last = await h.platform.deals(login, { ...all, page: 3, per_page: 2 });
    expect(last.data.map((d) => d.ticket)).toEqual([tickets[0]]);
    // [from, to): the window holds the second to the fourth deal.
    const start = new Date(h.clock.current.getTime() - 3 * 60_000);
    const window = await h.platform.deals(login, { from: start, to: new Date(h.clock.current.getTime() - 60_000 + 1), page: 1, per_page: 10 });
    expect(window.data.map((d) => d.ticket)).toEqual([tickets[3], tickets[2], tickets[1]]);
  });

  it('archives only a flat, empty account', async () => {
    const login = await openFunded(h.platform, { deposit: 100_000 });
    // The clock has moved on (the paging test): quotes at its time, as the running feed keeps them.
    await h.platform.tick();
    const { position } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'sell', volume: 0.1, stop_loss: null, take_profit: null });
    await expect(h.platform.archive(login)).rejects.toEqual(refusal('has_positions'));
    await h.platform.closePosition(login, position.ticket);
    await expect(h.platform.archive(login)).rejects.toEqual(refusal('has_balance'));
    const { balance } = await h.platform.state(login);
    await h.platform.balance({ login, kind: 'withdrawal', amount: -balance, reference: nextReference('WDR') });
    await h.platform.archive(login);
    await expect(h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, stop_loss: null, take_profit: null })).rejects.toEqual(
      refusal('archived'),
    );
  });

  it('keeps only an argon2id hash of a password', async () => {
    const login = await openFunded(h.platform);
    await h.platform.setPassword(login, 'investor', 'read-only secret');
    const row = await h.tables.selectFrom('platform_accounts').select(['master_hash', 'investor_hash']).where('login', '=', login).executeTakeFirstOrThrow();
    expect(row.master_hash).toBeNull();
    expect(row.investor_hash).toMatch(/^\$argon2id\$/);
    expect(row.investor_hash).not.toContain('read-only secret');
  });

  it('tells subscribers when an account changes', async () => {
    const changes: Array<[string, string]> = [];
    const off = h.platform.subscribe({ onAccountChanged: (login, reason) => changes.push([login, reason]) });
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.tick();
    const { position } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, stop_loss: null, take_profit: null });
    await h.platform.closePosition(login, position.ticket);
    await h.platform.setLeverage(login, 50);
    off();
    expect(changes).toEqual([
      [login, 'balance'],
      [login, 'client'],
      [login, 'client'],
      [login, 'leverage'],
    ]);
  });
});
