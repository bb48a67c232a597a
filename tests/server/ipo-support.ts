import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AdminIpoOffering, IpoApplication } from '../../contract/ipo.ts';
import type { Currency } from '../../contract/trading.ts';
import { ADMIN_EMAIL, bearer, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

const DAY = 86_400_000;

/** Staff's form for an offering whose window opens now (the test clock) and closes in a week. */
export async function offeringBody(t: TestApp, admin: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const currencies = (await t.request({ method: 'GET', url: '/api/currencies', headers: admin })).json<Currency[]>();
  const now = t.clock.current.getTime();
  const texts = (lang: string) => ({ description: `Offering text (${lang}).`, risk: `Risk disclosure (${lang}).` });
  return {
    company: 'Nordlicht Energie AG',
    ticker: 'NRDL',
    prospectus_url: 'https://example.com/nrdl-prospectus.pdf',
    currency_id: currencies.find((c) => c.code === 'USD')!.id,
    price_min: '18.00',
    price_max: '22.00',
    shares_offered: 100,
    min_application: '100',
    max_application: '10000',
    opens_at: new Date(now).toISOString(),
    closes_at: new Date(now + 7 * DAY).toISOString(),
    allocation_at: new Date(now + 10 * DAY).toISOString(),
    lockup_days: 180,
    texts: { en: texts('en'), ru: texts('ru'), ua: texts('ua') },
    ...overrides,
  };
}

/** An offering created, announced and opened by staff: clients may apply. */
export async function openOffering(t: TestApp, admin: Record<string, string>, overrides: Record<string, unknown> = {}): Promise<AdminIpoOffering> {
  const created = await t.post('/api/admin/ipo/offerings', await offeringBody(t, admin, overrides), admin);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<AdminIpoOffering>().id;
  for (const event of ['offering.announce', 'offering.open']) {
    const res = await t.post(`/api/admin/ipo/offerings/${id}/steps`, { event }, admin);
    expect(res.statusCode, res.body).toBe(200);
  }
  return (await t.request({ method: 'GET', url: `/api/admin/ipo/offerings/${id}`, headers: admin })).json<AdminIpoOffering>();
}

export const RIGHT_ANSWERS = { allocation: 'partial', price: 'range', lockup: 'insiders_wait', risk: 'can_lose' };

const staffHeaders = new WeakMap<TestApp, Promise<Record<string, string>>>();

/** The demo admin's headers, signed in once per test app. */
export function staffOf(t: TestApp): Promise<Record<string, string>> {
  let headers = staffHeaders.get(t);
  if (!headers) {
    headers = t.login(ADMIN_EMAIL).then(bearer);
    staffHeaders.set(t, headers);
  }
  return headers;
}

/** A client who passed the test, with a live USD account holding `funds` dollars (a deposit staff approved): demo accounts may not apply. */
export async function ipoClient(t: TestApp, funds = '1000') {
  const c = await walletClient(t);
  const passed = await t.post('/api/ipo/appropriateness', { answers: RIGHT_ANSWERS }, c.headers);
  expect(passed.json()).toMatchObject({ passed: true });
  const usd = await c.open('USD', 'live');
  // A payment method takes at most $10,000 a deposit.
  for (let left = Number(funds); left > 0; left -= 10_000) {
    const deposit = await c.deposit(usd.id, String(Math.min(left, 10_000)));
    expect(deposit.statusCode, deposit.body).toBe(201);
    const approved = await t.post(`/api/admin/wallet-requests/${deposit.json<{ id: number }>().id}/approve`, {}, await staffOf(t));
    expect(approved.json(), approved.body).toMatchObject({ status: 'completed' });
  }
  return {
    ...c,
    /** The funded live USD account. */
    usd,
    apply(offeringId: number, amount: unknown, accountId = usd.id) {
      return t.post(`/api/ipo/offerings/${offeringId}/applications`, { account_id: accountId, amount }, c.headers);
    },
    change(applicationId: number, amount: unknown) {
      return t.request({ method: 'PATCH', url: `/api/ipo/applications/${applicationId}`, payload: { amount }, headers: c.headers });
    },
    cancel(applicationId: number) {
      return t.post(`/api/ipo/applications/${applicationId}/cancel`, {}, c.headers);
    },
    reconfirm(applicationId: number) {
      return t.post(`/api/ipo/applications/${applicationId}/reconfirm`, {}, c.headers);
    },
    async application(offeringId: number): Promise<IpoApplication | null> {
      return (await t.request({ method: 'GET', url: `/api/ipo/offerings/${offeringId}`, headers: c.headers })).json().application;
    },
    key: randomUUID,
  };
}
