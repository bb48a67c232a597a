import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PARTNER_COOKIE, type AdminPartnerApplication, type PartnerLink, type PartnerMe } from '../../contract/partners.ts';
import type { TradingAccount } from '../../contract/trading.ts';
import { bearer, DEMO_PASSWORD, type TestApp, uniqueAddress, uniqueEmail } from './support.ts';
import { approveVerification, walletClient } from './wallet-support.ts';

/** A client who applied and whom staff approved (onto `planId`, or the default plan), with one link. */
export async function newPartner(t: TestApp, admin: Record<string, string>, { planId, campaign = 'Blog' }: { planId?: number; campaign?: string } = {}) {
  const c = await walletClient(t);
  const applied = await t.post('/api/partner/application', { website: 'https://example.com', description: 'A trading blog with 5,000 readers.' }, c.headers);
  expect(applied.statusCode, applied.body).toBe(201);
  const approved = await t.post(`/api/admin/partners/applications/${applied.json<{ id: number }>().id}/approve`, planId ? { plan_id: planId } : {}, admin);
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json<AdminPartnerApplication>().state).toBe('approved');
  const link = await t.post('/api/partner/links', { campaign }, c.headers);
  expect(link.statusCode, link.body).toBe(201);
  const me = (await t.request({ method: 'GET', url: '/api/partner', headers: c.headers })).json<PartnerMe>();
  return { ...c, link: link.json<PartnerLink>(), partnerId: me.partner!.id, me };
}

/** GET /r/{code}: the cookie's token it set, or null. */
export async function visit(t: TestApp, code: string, cookie?: string): Promise<string | null> {
  const res = await t.request({ method: 'GET', url: `/r/${code}?lang=ru`, ...(cookie ? { cookies: { [PARTNER_COOKIE]: cookie } } : {}) });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe('/ru/register');
  return res.cookies.find((c) => c.name === PARTNER_COOKIE)?.value ?? null;
}

/** Registers a new client with the cookie `token` (from `ip`), verified and signed in, with helpers for live money and trades. */
export async function registerVia(t: TestApp, token: string | null, { ip = uniqueAddress(), email = uniqueEmail('referred'), cookies = {} }: { ip?: string; email?: string; cookies?: Record<string, string> } = {}) {
  const account = { first_name: 'Olena', second_name: 'Referred', email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD };
  const res = await t.request({ method: 'POST', url: '/api/register', payload: account, remoteAddress: ip, cookies: { ...(token ? { [PARTNER_COOKIE]: token } : {}), ...cookies } });
  expect(res.statusCode, res.body).toBe(200);
  await t.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('email', '=', email).execute();
  await approveVerification(t, email);
  const headers = bearer(await t.login(email, DEMO_PASSWORD, true));
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return {
    id: user.id,
    email,
    headers,
    async liveAccount(currency = 'USD'): Promise<TradingAccount> {
      const currencies = (await t.request({ method: 'GET', url: '/api/currencies', headers })).json<{ id: number; code: string }[]>();
      const created = await t.post('/api/trading-account/create', { currency_id: currencies.find((c) => c.code === currency)!.id, type: 'live' }, headers);
      expect(created.statusCode, created.body).toBe(201);
      return created.json<TradingAccount>();
    },
    /** A live deposit approved by staff: completed on the platform. */
    async deposit(admin: Record<string, string>, accountId: number, amount: string) {
      const methods = (await t.request({ method: 'GET', url: `/api/payment-methods?currency=USD&direction=deposit`, headers })).json<{ id: number; min_amount: number }[]>();
      const method = methods.sort((a, b) => a.min_amount - b.min_amount)[0];
      const res = await t.post('/api/wallet/deposit', { account_id: accountId, amount, ...(method ? { payment_method_id: method.id } : {}) }, { ...headers, 'idempotency-key': randomUUID() });
      expect(res.statusCode, res.body).toBe(201);
      const approved = await t.post(`/api/admin/wallet-requests/${res.json<{ id: number }>().id}/approve`, {}, admin);
      expect(approved.statusCode, approved.body).toBe(200);
      return res.json<{ id: number }>().id;
    },
    async buy(login: string, symbol: string, volume: number) {
      const res = await t.request({ method: 'POST', url: `/api/accounts/${login}/orders`, payload: { symbol, side: 'buy', volume }, headers: { ...headers, 'idempotency-key': randomUUID() } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ deal: { ticket: number } }>().deal;
    },
  };
}

/** Staff's form for a plan (USD, CPA 100.00 from 200.00, per-lot rates, 20 % second level). */
export function planBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Gold',
    currency: 'USD',
    cpa_threshold: 20_000,
    cpa_amount: 10_000,
    lot_rates: { forex: 800, metals: 1_000, indices: 400, crypto: 1_500 },
    second_level_bps: 2_000,
    auto_approve: false,
    is_default: false,
    ...overrides,
  };
}
