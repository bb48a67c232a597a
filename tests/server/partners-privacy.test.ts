import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerExport } from '../../server/services/partners/index.ts';
import type { ClosureCheck, DataExport } from '../../contract/privacy.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { newPartner, registerVia, visit } from './partners-support.ts';

/** The partner program in Settings → Privacy: the data export and closing the account (docs/adr/0099). */
describe.each(DIALECTS)('partner data and closing on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { uploadDir: mkdtempSync(join(tmpdir(), 'traderoom-partner-privacy-')) } });
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });

  /** A partner whose referred client's first live deposit paid the CPA (50.00 USD) into the partner wallet. */
  async function paidPartner() {
    const p = await newPartner(t, admin);
    const client = await registerVia(t, await visit(t, p.link.code));
    const account = await client.liveAccount();
    await client.deposit(admin, account.id, '5000');
    return { p, client };
  }

  it('puts the partner profile, links, masked clients, reward lines and payouts into the data export', async () => {
    const { p, client } = await paidPartner();
    const currencies = (await get('/api/currencies', p.headers)).json<{ id: number; code: string }[]>();
    const live = (await t.post('/api/trading-account/create', { currency_id: currencies.find((c) => c.code === 'USD')!.id, type: 'live' }, p.headers)).json<{ id: number }>();
    expect((await t.post('/api/partner/payouts', { kind: 'transfer', amount: '10', account_id: live.id }, { ...p.headers, 'idempotency-key': randomUUID() })).statusCode).toBe(201);

    expect((await t.post('/api/privacy/export', undefined, p.headers)).statusCode).toBe(202);
    await t.app.services.privacy.drain();
    const ready = (await get('/api/privacy/export', p.headers)).json<{ export: DataExport }>().export;
    const zip = unzipSync(new Uint8Array((await get(ready.download_url!, p.headers)).rawPayload));
    const partner = JSON.parse(strFromU8(zip['partner.json']!)) as PartnerExport;
    expect(partner.partner).toMatchObject({ id: p.partnerId, plan: { name: 'Standard' }, wallet: { currency: 'USD', balance: 4_000 } });
    expect(partner.links).toEqual([expect.objectContaining({ id: p.link.id, campaign: 'Blog', clicks: 1, registrations: 1 })]);
    expect(partner.clients.clients).toEqual([expect.objectContaining({ id: client.id, funded: true, rewards: 5_000 })]);
    // Masked as on the partner's screen: the address itself is not in the archive.
    expect(partner.clients.clients[0]!.email).not.toBe(client.email);
    expect(strFromU8(zip['partner.json']!)).not.toContain(client.email);
    expect(partner.rewards).toEqual([expect.objectContaining({ kind: 'cpa', amount: 5_000 })]);
    expect(partner.payouts).toEqual([expect.objectContaining({ kind: 'transfer', amount: 1_000, status: 'completed' })]);

    // Someone who never was a partner gets no partner.json.
    expect((await t.post('/api/privacy/export', undefined, client.headers)).statusCode).toBe(202);
    await t.app.services.privacy.drain();
    const theirs = (await get('/api/privacy/export', client.headers)).json<{ export: DataExport }>().export;
    expect(Object.keys(unzipSync(new Uint8Array((await get(theirs.download_url!, client.headers)).rawPayload)))).not.toContain('partner.json');
  });

  it('refuses to close a partner’s account while the partner wallet holds money, and says so in the user’s language', async () => {
    const { p } = await paidPartner();
    expect((await get('/api/privacy/closure', p.headers)).json<ClosureCheck>()).toEqual({ blockers: [{ reason: 'partner_wallet', currency: 'USD', precision: 2, amount: 5_000 }] });
    await p.stepUp();
    const refused = await t.post('/api/privacy/close', undefined, { ...p.headers, 'accept-language': 'ru' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Учётную запись пока нельзя закрыть: в партнёрском кошельке остались средства или вывод из него ожидает решения. Сначала выведите их или переведите на торговый счёт.',
    );
    expect((await t.db.selectFrom('users').select('closed_at').where('email', '=', p.email).executeTakeFirstOrThrow()).closed_at).toBeNull();
  });

  it('lists a partner withdrawal waiting for staff as what stops the closing', async () => {
    const { p } = await paidPartner();
    await p.stepUp();
    const methods = (await get('/api/payment-methods?currency=USD&direction=withdrawal', p.headers)).json<{ id: number; min_amount: number }[]>();
    const method = methods.sort((a, b) => a.min_amount - b.min_amount)[0];
    const asked = await t.post('/api/partner/payouts', { kind: 'withdrawal', amount: '50', ...(method ? { payment_method_id: method.id } : {}) }, { ...p.headers, 'idempotency-key': randomUUID() });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await get('/api/privacy/closure', p.headers)).json<ClosureCheck>().blockers).toEqual([{ reason: 'partner_payout', reference: asked.json<{ reference: string }>().reference, currency: 'USD', precision: 2, amount: 5_000 }]);
  });

  it('closes a partner with an empty wallet; their links then lead to the registration without a cookie, and an earlier cookie attributes no one', async () => {
    const p = await newPartner(t, admin);
    const earlier = await visit(t, p.link.code);
    expect(earlier).not.toBeNull();
    expect((await get('/api/privacy/closure', p.headers)).json<ClosureCheck>()).toEqual({ blockers: [] });
    await p.stepUp();
    const closed = await t.post('/api/privacy/close', undefined, p.headers);
    expect(closed.statusCode, closed.body).toBe(204);
    expect(await visit(t, p.link.code)).toBeNull();
    const late = await registerVia(t, earlier);
    expect(await t.db.selectFrom('partner_attributions').select('id').where('user_id', '=', late.id).executeTakeFirst()).toBeUndefined();
  });
});
