import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStateUpdate } from '../../../contract/platform.ts';
import { DIALECTS } from '../support.ts';
import { openFunded, type PlatformHarness, startPlatform } from './support.ts';

const order = { stop_loss: null, take_profit: null };

describe.each(DIALECTS)('the embedded platform acting on prices on $name', (dialect) => {
  let h: PlatformHarness;
  beforeAll(async () => {
    h = await startPlatform(dialect);
  });
  afterAll(() => h.close());

  const dealsOf = async (login: string) => (await h.platform.deals(login, { from: new Date(0), to: new Date('2100-01-01'), page: 1, per_page: 50 })).data;

  it('executes a stop-loss at the price that reached it', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    const { position } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, stop_loss: 1.095, take_profit: 1.11 });
    const changes: string[] = [];
    const off = h.platform.subscribe({ onAccountChanged: (who, reason) => who === login && changes.push(reason) });
    await h.platform.setQuote('EURUSD', 1.0951, 1.0952);
    expect(await h.platform.positions(login)).toHaveLength(1);
    await h.platform.setQuote('EURUSD', 1.0949, 1.095);
    off();
    expect(await h.platform.positions(login)).toEqual([]);
    const [closing] = await dealsOf(login);
    // (1.0949 − 1.1001) × 100,000 = −$520.
    expect(closing).toMatchObject({ kind: 'sell', entry: 'out', reason: 'stop_loss', price: 1.0949, position_ticket: position.ticket, profit: -52_000 });
    expect((await h.platform.state(login)).balance).toBe(948_000);
    expect(changes).toEqual(['stop_loss']);
  });

  it('executes a take-profit of a sell when the ask comes down to it', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    const { position } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'sell', volume: 0.5, stop_loss: 1.12, take_profit: 1.09 });
    await h.platform.setQuote('EURUSD', 1.0899, 1.09);
    expect(await h.platform.positions(login)).toEqual([]);
    const [closing] = await dealsOf(login);
    // Sold at the bid 1.1000, bought back at the ask 1.0900: 0.01 × 50,000 = $500.
    expect(closing).toMatchObject({ kind: 'buy', entry: 'out', reason: 'take_profit', price: 1.09, position_ticket: position.ticket, profit: 50_000 });
  });

  it('moves stops of an open position and refuses them on the wrong side of the price', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    await h.platform.setQuote('XAUUSD', 2300, 2300.3);
    const { position } = await h.platform.placeOrder(login, { symbol: 'XAUUSD', side: 'buy', volume: 0.1, ...order });
    const moved = await h.platform.modifyPosition(login, position.ticket, { stop_loss: 2290.5, take_profit: 2320 });
    expect(moved).toMatchObject({ stop_loss: 2290.5, take_profit: 2320 });
    await expect(h.platform.modifyPosition(login, position.ticket, { stop_loss: 2301, take_profit: null })).rejects.toMatchObject({ code: 'invalid_stops' });
    await h.platform.setQuote('XAUUSD', 2320, 2320.3);
    // (2320.00 − 2300.30) × 100 oz × 0.1 lot = $197.
    expect((await dealsOf(login))[0]).toMatchObject({ reason: 'take_profit', price: 2320, profit: 19_700 });
  });

  it('flags a margin call and stops out the most losing position first, until the level is restored', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 200_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    await h.platform.setQuote('GBPUSD', 1.3, 1.3001);
    const a = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.5, ...order });
    const b = await h.platform.placeOrder(login, { symbol: 'GBPUSD', side: 'buy', volume: 0.5, ...order });
    const updates: AccountStateUpdate[] = [];
    const off = h.platform.subscribe({ onAccountState: (u) => u.state.login === login && updates.push(u) });

    // EURUSD loses $600: about 117 % of margin, no margin call yet.
    await h.platform.setQuote('EURUSD', 1.0881, 1.0882);
    expect(await h.platform.state(login)).toMatchObject({ margin_call: false, profit: -60_000 - 500 });

    // GBPUSD loses $900: equity $500 against ~$1,186 of margin (42 %), at or below the 50 % stop-out.
    h.clock.advance(1_000);
    await h.platform.setQuote('GBPUSD', 1.2821, 1.2822);
    off();
    const positions = await h.platform.positions(login);
    expect(positions.map((p) => p.ticket)).toEqual([a.position.ticket]);
    const [closing] = await dealsOf(login);
    expect(closing).toMatchObject({ reason: 'stop_out', position_ticket: b.position.ticket, profit: -90_000 });
    // With GBPUSD closed the level is back above 50 % (about 92 %), still a margin call.
    const state = await h.platform.state(login);
    expect(state).toMatchObject({ balance: 110_000, equity: 50_000, margin_call: true });
    expect(state.margin_level).toBeGreaterThan(50);
    expect(state.margin_level).toBeLessThanOrEqual(100);
    expect(updates.at(-1)?.state).toMatchObject({ margin_call: true, equity: 50_000 });
    expect(updates.at(-1)?.positions).toEqual([{ ticket: a.position.ticket, current_price: 1.0881, profit: -60_000 }]);
  });

  it('closes every position when no single close restores the level', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 150_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    await h.platform.setQuote('XAUUSD', 2300, 2300.3);
    await h.platform.placeOrder(login, { symbol: 'XAUUSD', side: 'sell', volume: 0.01, ...order });
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, ...order });
    await h.platform.setQuote('XAUUSD', 2400, 2400.3);
    // EURUSD loses $1,400, gold $100: equity under zero.
    await h.platform.setQuote('EURUSD', 1.0861, 1.0862);
    expect(await h.platform.positions(login)).toEqual([]);
    const closes = (await dealsOf(login)).filter((d) => d.entry === 'out');
    expect(closes.map((d) => [d.symbol, d.reason])).toEqual([
      ['XAUUSD', 'stop_out'],
      ['EURUSD', 'stop_out'],
    ]);
  });

  it('corrects a balance a stop-out left below zero to zero, with a balance deal of the stop-out', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 150_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, ...order });
    const changes: string[] = [];
    const off = h.platform.subscribe({ onAccountChanged: (who, reason) => who === login && changes.push(reason) });
    // A gap of 300 pips: the position closes $3,000 down on $1,500 of balance.
    await h.platform.setQuote('EURUSD', 1.0701, 1.0702);
    off();
    const [correction, closing] = await dealsOf(login);
    expect(closing).toMatchObject({ entry: 'out', reason: 'stop_out', profit: -300_000 });
    expect(correction).toMatchObject({ kind: 'balance', entry: null, reason: 'stop_out', symbol: null, profit: 150_000 });
    expect(await h.platform.state(login)).toMatchObject({ balance: 0, equity: 0, margin: 0 });
    expect(changes).toEqual(['stop_out']);
  });

  it('leaves a stop-out that keeps the balance above zero uncorrected', async () => {
    const login = await openFunded(h.platform, { leverage: 100, deposit: 200_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 1, ...order });
    await h.platform.setQuote('EURUSD', 1.0851, 1.0852);
    const deals = await dealsOf(login);
    expect(deals.map((d) => [d.kind, d.reason])).toEqual([
      ['sell', 'stop_out'],
      ['buy', 'client'],
      ['balance', 'balance'],
    ]);
    expect((await h.platform.state(login)).balance).toBe(50_000);
  });

  it('refuses an order and a close at a quote older than the maximum age while the market trades', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    const { position } = await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, ...order });
    // The feed stops (its process died): ten seconds on, the quote still serves; past them, nothing fills at it.
    h.clock.advance(10_000);
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, ...order });
    h.clock.advance(1);
    const stale = expect.objectContaining({ name: 'PlatformError', code: 'unavailable', detail: { reason: 'no_prices' } });
    await expect(h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'sell', volume: 0.1, ...order })).rejects.toEqual(stale);
    await expect(h.platform.closePosition(login, position.ticket)).rejects.toEqual(stale);
    expect(await h.platform.positions(login)).toHaveLength(2);
    // The feed is back: a fresh quote fills again.
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    await expect(h.platform.closePosition(login, position.ticket)).resolves.toMatchObject({ entry: 'out', price: 1.1 });
  });

  it('sends an account its state at most once a second while it holds positions', async () => {
    const login = await openFunded(h.platform, { deposit: 1_000_000 });
    const idle = await openFunded(h.platform, { deposit: 1_000_000 });
    await h.platform.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, ...order });
    const seen: string[] = [];
    const off = h.platform.subscribe({ onAccountState: (u) => seen.push(u.state.login) });
    h.clock.advance(1_000);
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
    h.clock.advance(400);
    await h.platform.setQuote('EURUSD', 1.1002, 1.1003);
    h.clock.advance(600);
    await h.platform.setQuote('EURUSD', 1.1004, 1.1005);
    off();
    expect(seen.filter((l) => l === login)).toHaveLength(2);
    expect(seen).not.toContain(idle);
  });
});
