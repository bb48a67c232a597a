import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support.ts';
import { nextReference, openFunded, type PlatformHarness, refusal, startPlatform } from './support.ts';

const BUY_HALF_LOT = { symbol: 'EURUSD', side: 'buy', volume: 0.5, stop_loss: null, take_profit: null } as const;

describe.each(DIALECTS)('embedded platform reservations on $name', (dialect) => {
  let h: PlatformHarness;
  beforeAll(async () => {
    h = await startPlatform(dialect);
    await h.platform.setQuote('EURUSD', 1.1, 1.1001);
  });
  afterAll(() => h.close());

  it('keeps reserved money on the balance and in the equity, out of the free margin', async () => {
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.reserve(login, 'IPO-A', 60_000);
    expect(await h.platform.state(login)).toMatchObject({ balance: 100_000, equity: 100_000, reserved: 60_000, free_margin: 40_000 });
    // The same reservation again changes nothing; a new amount replaces the old one.
    await h.platform.reserve(login, 'IPO-A', 60_000);
    await h.platform.reserve(login, 'IPO-B', 10_000);
    expect(await h.platform.state(login)).toMatchObject({ reserved: 70_000, free_margin: 30_000 });
    await h.platform.reserve(login, 'IPO-A', 20_000);
    expect(await h.platform.state(login)).toMatchObject({ reserved: 30_000, free_margin: 70_000 });
    await h.platform.release(login, 'IPO-A');
    await h.platform.release(login, 'IPO-A');
    expect(await h.platform.state(login)).toMatchObject({ reserved: 10_000, free_margin: 90_000 });
  });

  it('refuses a reservation beyond the free margin, naming what the reference could reach', async () => {
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.reserve(login, 'IPO-A', 30_000);
    await expect(h.platform.reserve(login, 'IPO-B', 70_001)).rejects.toEqual(expect.objectContaining({ code: 'no_money', detail: { free_margin: 70_000 } }));
    await expect(h.platform.reserve(login, 'IPO-A', 100_001)).rejects.toEqual(expect.objectContaining({ code: 'no_money', detail: { free_margin: 100_000 } }));
    expect((await h.platform.state(login)).reserved).toBe(30_000);
  });

  it('refuses a trade that needs the reserved margin, and fills it once the reservation ends', async () => {
    // 0.5 lot of EURUSD at 1:100 needs about $550 of margin.
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.reserve(login, 'IPO-A', 60_000);
    await expect(h.platform.placeOrder(login, BUY_HALF_LOT)).rejects.toEqual(refusal('no_money'));
    await expect(h.platform.balance({ login, kind: 'withdrawal', amount: -40_001, reference: nextReference('WDR') })).rejects.toEqual(refusal('no_money'));
    await h.platform.release(login, 'IPO-A');
    const { position } = await h.platform.placeOrder(login, BUY_HALF_LOT);
    expect(position.margin).toBeGreaterThan(40_000);
    // With the position open, what is left free may not be reserved beyond it.
    await expect(h.platform.reserve(login, 'IPO-A', 60_000)).rejects.toEqual(refusal('no_money'));
  });

  it('lets a debit of the reservation’s own reference take the reserved money, and ends the reservation', async () => {
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.reserve(login, 'IPO-OWN', 90_000);
    await expect(h.platform.balance({ login, kind: 'ipo', amount: -90_001, reference: 'IPO-OTHER' })).rejects.toEqual(refusal('no_money'));
    await h.platform.balance({ login, kind: 'ipo', amount: -90_000, reference: 'IPO-OWN' });
    expect(await h.platform.state(login)).toMatchObject({ balance: 10_000, reserved: 0, free_margin: 10_000 });
  });

  it('keeps the stop-out on equity over margin: a reservation alone closes nothing', async () => {
    const login = await openFunded(h.platform, { deposit: 100_000 });
    await h.platform.placeOrder(login, BUY_HALF_LOT);
    await h.platform.reserve(login, 'IPO-A', (await h.platform.state(login)).free_margin);
    await h.platform.tick();
    expect(await h.platform.positions(login)).toHaveLength(1);
    expect((await h.platform.state(login)).free_margin).toBeLessThanOrEqual(0);
  });
});
