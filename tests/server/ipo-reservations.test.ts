import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpoApplication } from '../../contract/ipo.ts';
import { ipoReference } from '../../server/services/ipo.ts';
import { ipoClient, openOffering, staffOf } from './ipo-support.ts';
import { platformOf } from './platform-support.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';

const HOUR = 3_600_000;

describe.each(DIALECTS)('IPO holds on the trading platform on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await staffOf(t);
    await platformOf(t).setQuote('EURUSD', 1.1, 1.1001);
  });
  afterAll(() => t.close());

  const step = (id: number, event: string, reason?: string) => t.post(`/api/admin/ipo/offerings/${id}/steps`, { event, ...(reason ? { reason } : {}) }, admin);
  const reserved = async (c: Awaited<ReturnType<typeof ipoClient>>) => (await platformOf(t).state(c.usd.number)).reserved;
  const referenceOf = async (applicationId: number) =>
    ipoReference(await t.db.selectFrom('ipo_applications').select(['id', 'user_id']).where('id', '=', applicationId).executeTakeFirstOrThrow());
  const buy = (c: Awaited<ReturnType<typeof ipoClient>>, volume: number) =>
    t.request({ method: 'POST', url: `/api/accounts/${c.usd.number}/orders`, headers: { ...c.headers, 'idempotency-key': randomUUID() }, payload: { symbol: 'EURUSD', side: 'buy', volume } });

  it('refuses a trade that needs the held margin while the application holds it, and fills it once cancelled', async () => {
    const offering = await openOffering(t, admin);
    const c = await ipoClient(t, '1000');
    await platformOf(t).setLeverage(c.usd.number, 100);
    const app = (await c.apply(offering.id, '900')).json<IpoApplication>();
    expect(await reserved(c)).toBe(90_000);
    // 0.5 lot of EURUSD at 1:100 needs about $550: more than the $100 left free.
    const refused = await buy(c, 0.5);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.volume[0]).toMatch(/margin/i);
    // Lowering the application gives the margin back on the platform at once.
    expect((await c.change(app.id, '300')).statusCode).toBe(200);
    expect(await reserved(c)).toBe(30_000);
    expect((await c.cancel(app.id)).statusCode).toBe(200);
    expect(await reserved(c)).toBe(0);
    expect((await buy(c, 0.5)).statusCode).toBe(201);
  });

  it('refuses an application, and leaves none behind, when the money was traded away', async () => {
    const offering = await openOffering(t, admin);
    const c = await ipoClient(t, '1000');
    await platformOf(t).setLeverage(c.usd.number, 100);
    expect((await buy(c, 0.5)).statusCode).toBe(201);
    const res = await c.apply(offering.id, '900');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.amount[0]).toMatch(/^The amount exceeds the available balance of \$4\d\d\.\d\d\.$/);
    expect(await c.application(offering.id)).toBeNull();
    expect(await reserved(c)).toBe(0);
  });

  it('refuses a demo account with a translated reason', async () => {
    const offering = await openOffering(t, admin);
    const c = await ipoClient(t, '500');
    const demo = await c.open('USD', 'demo');
    const res = await t.post(`/api/ipo/offerings/${offering.id}/applications`, { account_id: demo.id, amount: '200' }, { ...c.headers, 'accept-language': 'ru' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.account_id).toEqual(['С демо-счёта нельзя подать заявку на акции IPO: выберите реальный счёт.']);
    const en = await c.apply(offering.id, '200', demo.id);
    expect(en.json().errors.account_id).toEqual(['Demo accounts cannot apply for IPO shares: choose a live account.']);
  });

  it('keeps the reservation in step through a lapse, an allocation and a cancelled offering', async () => {
    const priced = await openOffering(t, admin);
    const keen = await ipoClient(t, '1000');
    const silent = await ipoClient(t, '1000');
    await keen.apply(priced.id, '500');
    await silent.apply(priced.id, '400');
    await step(priced.id, 'offering.close');
    // Far outside the range: both must reconfirm within twelve hours.
    await t.post(`/api/admin/ipo/offerings/${priced.id}/price`, { price: '30', hours: 12 }, admin);
    const keenApp = (await keen.application(priced.id))!;
    expect((await keen.reconfirm(keenApp.id)).statusCode).toBe(200);
    t.clock.advance(12 * HOUR);
    try {
      expect(await t.app.services.ipo.lapseExpired()).toBe(1);
      expect(await reserved(silent)).toBe(0);
      expect(await reserved(keen)).toBe(50_000);
      // Staff's session of twelve hours ago has expired: a fresh one.
      const staff = bearer(await t.login(ADMIN_EMAIL));
      const done = await t.post(`/api/admin/ipo/offerings/${priced.id}/allocate`, {}, staff);
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      t.clock.advance(-12 * HOUR);
    }
    // 16 shares at $30 were taken from the reservation; the rest came back at once.
    expect(await platformOf(t).state(keen.usd.number)).toMatchObject({ balance: 100_000 - 48_000, reserved: 0, free_margin: 100_000 - 48_000 });
    const deals = await platformOf(t).deals(keen.usd.number, { from: new Date(0), to: new Date('2100-01-01'), page: 1, per_page: 10 });
    expect(deals.data[0]).toMatchObject({ kind: 'balance', profit: -48_000, comment: await referenceOf(keenApp.id) });

    const cancelled = await openOffering(t, admin);
    const c = await ipoClient(t, '1000');
    await c.apply(cancelled.id, '700');
    expect(await reserved(c)).toBe(70_000);
    await step(cancelled.id, 'offering.cancel', 'The issuer withdrew.');
    expect(await reserved(c)).toBe(0);
  });

  it('brings a reservation the platform missed in step on the next sweep', async () => {
    const offering = await openOffering(t, admin);
    const c = await ipoClient(t, '1000');
    const app = (await c.apply(offering.id, '400')).json<IpoApplication>();
    // The platform lost it (as if the call had failed after the hold was stored).
    await platformOf(t).release(c.usd.number, await referenceOf(app.id));
    await t.db.updateTable('ipo_applications').set({ reserved: 0 }).where('id', '=', app.id).execute();
    expect(await reserved(c)).toBe(0);
    expect(await t.app.services.ipo.syncReservations()).toBeGreaterThanOrEqual(1);
    expect(await reserved(c)).toBe(40_000);
  });
});
