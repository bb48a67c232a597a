import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support.ts';
import { type PlatformHarness, startPlatform } from './support.ts';

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;

describe('the embedded platform with several processes on PostgreSQL', () => {
  let h: PlatformHarness;
  beforeAll(async () => {
    h = await startPlatform(postgres);
  });
  afterAll(() => h.close());

  it('runs the simulation in exactly one process, and another takes over when it stops', async () => {
    const first = h.platform;
    const second = h.another();
    await second.start();
    expect([first.isLeader, second.isLeader]).toEqual([true, false]);

    // The follower moves nothing: its tick is a no-op and it emits no ticks.
    const heard: string[] = [];
    second.subscribe({ onTick: () => heard.push('second') });
    first.subscribe({ onTick: () => heard.push('first') });
    h.clock.advance(400);
    await second.tick();
    await first.tick();
    expect(heard).toEqual(['first']);

    // Any process fills orders from the stored quotes.
    const { login } = await second.openAccount({ group: 'demo', currency: 'USD', precision: 2, leverage: 100, name: 'A' });
    await second.balance({ login, kind: 'deposit', amount: 100_000, reference: 'DEP-LEADER01' });
    const eurusd = (await first.quotes()).find((q) => q.symbol === 'EURUSD')!;
    const { position } = await second.placeOrder(login, { symbol: 'EURUSD', side: 'buy', volume: 0.1, stop_loss: null, take_profit: null });
    expect(position.open_price).toBe(eurusd.ask);

    const takeover = once(second.events, 'leading');
    await first.close();
    expect(await takeover).toEqual([true]);
    expect([first.isLeader, second.isLeader]).toEqual([false, true]);
    h.clock.advance(400);
    await second.tick();
    expect(heard.at(-1)).toBe('second');
  });
});
