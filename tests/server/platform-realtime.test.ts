import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountChanged, AccountStateUpdate, PricesTick } from '../../contract/platform.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';
import { platformOf, trader } from './platform-support.ts';
import { connected, echoClient, Inbox, joinPrivate, listen, type TestEcho } from './realtime-support.ts';

/**
 * The platform's updates as the account page meets them: real pusher-js and laravel-echo clients
 * against the app on a loopback port. The channels' authorisation reads the database through the
 * same query on both dialects (platform-accounts.test.ts covers ownership there); one is enough here.
 */
describe('platform updates over realtime', () => {
  let t: TestApp;
  let base: string;
  const echoes: TestEcho[] = [];
  beforeAll(async () => {
    t = await startTestApp(DIALECTS[0]!);
    ({ base } = await listen(t.app));
  });
  afterEach(() => {
    for (const echo of echoes.splice(0)) echo.disconnect();
  });
  afterAll(() => t.close());

  async function connect(token: string): Promise<TestEcho> {
    const echo = echoClient(base, token);
    echoes.push(echo);
    await connected(echo);
    return echo;
  }

  it('tells the account’s owner of its orders and its live state on private-account.{login}', async () => {
    const c = await trader(t, { deposit: '5000' });
    const echo = await connect(c.token);
    const changes = new Inbox<AccountChanged>();
    const states = new Inbox<AccountStateUpdate>();
    const channel = await joinPrivate(echo, `account.${c.login}`);
    channel.listen('.account.changed', changes.push).listen('.account.state', states.push);

    const { position } = await c.buy('EURUSD', 0.2);
    expect(await changes.waitFor(1)).toEqual([{ reason: 'client' }]);
    await platformOf(t).setQuote('EURUSD', position.open_price + 0.001, position.open_price + 0.0011);
    const [update] = await states.waitFor(1);
    expect(update!.state).toMatchObject({ login: c.login, balance: 500_000, equity: 502_000 });
    expect(update!.positions).toEqual([{ ticket: position.ticket, current_price: expect.closeTo(position.open_price + 0.001, 5), profit: 2000 }]);
  });

  it('lets no one else join an account’s channel', async () => {
    const owner = await trader(t, { deposit: '0' });
    const other = await trader(t, { deposit: '0' });
    const echo = await connect(other.token);
    await expect(joinPrivate(echo, `account.${owner.login}`)).rejects.toMatchObject({ status: 403 });
    await expect(joinPrivate(echo, 'account.99999999')).rejects.toMatchObject({ status: 403 });
    await expect(joinPrivate(echo, `account.${other.login}`)).resolves.toBeDefined();
  });

  it('carries every price change on the public prices channel', async () => {
    const c = await trader(t, { deposit: '0' });
    const echo = await connect(c.token);
    const ticks = new Inbox<PricesTick>();
    const channel = echo.channel('prices');
    await new Promise<void>((resolve) => channel.subscribed(resolve));
    channel.listen('.price.tick', ticks.push);
    await platformOf(t).setQuote('GBPUSD', 1.25, 1.2502);
    const [tick] = await ticks.waitFor(1);
    expect(tick!.quotes).toEqual([expect.objectContaining({ symbol: 'GBPUSD', bid: 1.25, ask: 1.2502 })]);
  });
});
