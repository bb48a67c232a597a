import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money.ts';
import type { NotificationPage } from '../../contract/notifications.ts';
import { linkTo } from '../mail/received.ts';
import { ipoClient, openOffering, staffOf } from './ipo-support.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp } from './support.ts';

const HOUR = 3_600_000;

describe.each(DIALECTS)('IPO notifications on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await staffOf(t);
  });
  afterAll(() => t.close());

  const step = (id: number, event: string, reason?: string) => t.post(`/api/admin/ipo/offerings/${id}/steps`, { event, ...(reason ? { reason } : {}) }, admin);
  const list = async (headers: Record<string, string>) => (await t.request({ method: 'GET', url: '/api/notifications', headers })).json<NotificationPage>().data;
  /** A client whose language is `lang` (their last sign-in's). */
  async function clientIn(lang: string, funds = '1000') {
    const c = await ipoClient(t, funds);
    await t.request({ method: 'POST', url: '/api/login', payload: { email: c.email, password: DEMO_PASSWORD }, headers: { 'accept-language': lang } });
    return c;
  }

  it('tells each client the final price with the reconfirmation deadline, then the lapse, in their language', async () => {
    const offering = await openOffering(t, admin);
    const c = await clientIn('ru');
    const app = (await c.apply(offering.id, '500')).json<{ id: number }>();
    await step(offering.id, 'offering.close');
    await t.post(`/api/admin/ipo/offerings/${offering.id}/price`, { price: '30', hours: 12 }, admin);

    const [priced] = await list(c.headers);
    expect(priced).toMatchObject({
      event: 'ipo.priced',
      link: `/ipo/${offering.id}`,
      payload: { offering_id: offering.id, application_id: app.id, ticker: 'NRDL', price: 3000, currency: 'USD', reconfirm_until: '2030-01-15T21:00:00.000Z' },
    });
    const mail = await t.mail.latest(c.email);
    expect(mail.subject).toBe(`Nordlicht Energie AG (NRDL): окончательная цена — ${formatMoney(3000, 'USD', 2, 'ru')}`);
    expect(mail.text).toContain('15 января 2030');
    expect(linkTo(mail, `/ipo/${offering.id}`).pathname).toBe(`/ru/ipo/${offering.id}`);

    t.clock.advance(12 * HOUR);
    try {
      expect(await t.app.services.ipo.lapseExpired()).toBe(1);
    } finally {
      t.clock.advance(-12 * HOUR);
    }
    expect((await list(c.headers))[0]).toMatchObject({ event: 'ipo.lapsed', payload: { application_id: app.id, released: 50_000 } });
    expect((await t.mail.latest(c.email)).subject).toBe('Nordlicht Energie AG (NRDL): срок вашей заявки истёк');
  });

  it('tells the allocation (requested, allocated, released) and respects the client’s switches', async () => {
    const offering = await openOffering(t, admin, { shares_offered: 10 });
    const quiet = await ipoClient(t, '1000');
    const told = await ipoClient(t, '1000');
    const saved = await t.request({ method: 'PUT', url: '/api/settings/notifications', headers: quiet.headers, payload: { preferences: [{ event: 'ipo.allocated', in_app: false, email: false }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    await quiet.apply(offering.id, '500');
    await told.apply(offering.id, '500');
    await step(offering.id, 'offering.close');
    await t.post(`/api/admin/ipo/offerings/${offering.id}/price`, { price: '20' }, admin);
    const mailsBefore = (await t.mail.to(quiet.email)).length;
    const done = await t.post(`/api/admin/ipo/offerings/${offering.id}/allocate`, {}, bearer(await t.login(ADMIN_EMAIL)));
    expect(done.statusCode, done.body).toBe(200);

    expect((await list(told.headers))[0]).toMatchObject({
      event: 'ipo.allocated',
      payload: { requested: 50_000, shares: 5, price: 2000, allocated: 10_000, released: 40_000 },
    });
    const mail = await t.mail.latest(told.email);
    expect(mail.subject).toBe('Nordlicht Energie AG (NRDL): 5 shares allocated to you');
    expect(mail.text).toContain('you applied with $500.00 and were allocated 5 shares at $20.00, $100.00 in all');
    expect(mail.text).toContain('The remaining $400.00 was released to your account at once.');
    expect((await list(quiet.headers)).map((n) => n.event).filter((e) => e.startsWith('ipo.'))).toEqual(['ipo.priced']);
    expect((await t.mail.to(quiet.email)).length).toBe(mailsBefore);
  });

  it('tells every applicant of a cancelled offering, with the reason and what was released', async () => {
    const offering = await openOffering(t, admin);
    const c = await clientIn('ua');
    await c.apply(offering.id, '700');
    await step(offering.id, 'offering.cancel', 'Емітент відклав лістинг.');
    expect((await list(c.headers))[0]).toMatchObject({ event: 'ipo.cancelled', payload: { released: 70_000, reason: 'Емітент відклав лістинг.' } });
    const mail = await t.mail.latest(c.email);
    expect(mail.subject).toBe('Nordlicht Energie AG (NRDL): розміщення скасовано');
    expect(mail.text).toContain('Причина: Емітент відклав лістинг.');
  });
});
