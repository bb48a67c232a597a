import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPartnerApplication, PartnerClients, PartnerFlag, PartnerLink, PartnerMe, PartnerStats } from '../../contract/partners.ts';
import { ADMIN_EMAIL, bearer, DEMO_PASSWORD, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';
import { newPartner, planBody, registerVia, visit } from './partners-support.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('partner program on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const get = <T>(url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const attributionOf = (userId: number) => t.db.selectFrom('partner_attributions').selectAll().where('user_id', '=', userId).executeTakeFirst();

  describe('applications', () => {
    it('takes an application, shows it waiting, and refuses a second one while it waits', async () => {
      const c = await walletClient(t);
      expect((await get<PartnerMe>('/api/partner', c.headers)).body.status).toBe('none');
      const first = await t.post('/api/partner/application', { description: 'My channel.' }, c.headers);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<{ state: string; timeline: unknown[] }>()).toMatchObject({ state: 'submitted', timeline: [{ from: null, to: 'submitted', by: 'client' }] });
      expect((await get<PartnerMe>('/api/partner', c.headers)).body.status).toBe('applied');
      const again = await t.post('/api/partner/application', { description: 'Again.' }, { ...c.headers, 'accept-language': 'ru' });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe('Ваша заявка ожидает решения: мы сообщим вам о нём.');
    });

    it('rejects with the reason the client reads, lets them apply again, and refuses a second decision with 409', async () => {
      const c = await walletClient(t);
      const { id } = (await t.post('/api/partner/application', { description: 'Hello.' }, c.headers)).json<{ id: number }>();
      const noReason = await t.post(`/api/admin/partners/applications/${id}/reject`, { reason: '  ' }, admin);
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toBeDefined();
      const rejected = await t.post(`/api/admin/partners/applications/${id}/reject`, { reason: 'Tell us about your audience.' }, admin);
      expect(rejected.json<AdminPartnerApplication>()).toMatchObject({ state: 'rejected', reason: 'Tell us about your audience.' });
      const me = (await get<PartnerMe>('/api/partner', c.headers)).body;
      expect(me).toMatchObject({ status: 'rejected', application: { reason: 'Tell us about your audience.' } });
      expect((await t.post(`/api/admin/partners/applications/${id}/approve`, {}, admin)).statusCode).toBe(409);
      expect((await t.post('/api/partner/application', { description: 'Now with my audience.' }, c.headers)).statusCode).toBe(201);
    });

    it('approves onto the default plan with a wallet in its currency; a partner cannot apply again', async () => {
      const p = await newPartner(t, admin);
      expect(p.me).toMatchObject({ status: 'partner', partner: { plan: { name: 'Standard', currency: 'USD' }, wallet: { currency: 'USD', balance: 0 }, parent: null } });
      expect((await t.post('/api/partner/application', { description: 'x' }, p.headers)).statusCode).toBe(409);
    });

    it('approves at once when a plan is marked automatic', async () => {
      const plans = (await get<{ id: number; name: string }[]>('/api/admin/partner-plans', admin)).body;
      const plan = await t.post('/api/admin/partner-plans', planBody({ name: 'Automatic', auto_approve: true }), admin);
      expect(plan.statusCode, plan.body).toBe(201);
      const c = await walletClient(t);
      const applied = await t.post('/api/partner/application', { description: 'Auto.' }, c.headers);
      expect(applied.json<AdminPartnerApplication>()).toMatchObject({ state: 'approved', timeline: [{ to: 'submitted' }, { to: 'approved', event: 'application.auto_approve', by: 'system' }] });
      expect((await get<PartnerMe>('/api/partner', c.headers)).body.partner!.plan.name).toBe('Automatic');
      // Back to staff's decisions for the other cases.
      const id = plan.json<{ id: number }>().id;
      expect((await t.request({ method: 'PUT', url: `/api/admin/partner-plans/${id}`, payload: planBody({ name: 'Automatic', auto_approve: false }), headers: admin })).statusCode).toBe(200);
      expect(plans.length).toBeGreaterThan(0);
    });

    it('lets staff make a client a partner directly, once', async () => {
      const c = await walletClient(t);
      const user = await t.db.selectFrom('users').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
      const made = await t.post('/api/admin/partners', { user_id: user.id }, admin);
      expect(made.statusCode, made.body).toBe(201);
      expect((await t.post('/api/admin/partners', { user_id: user.id }, admin)).statusCode).toBe(409);
      expect((await get<PartnerMe>('/api/partner', c.headers)).body.status).toBe('partner');
    });

    it('keeps the program to partners and staff: 403 for a client, 401 for a guest', async () => {
      const c = await walletClient(t);
      expect((await t.request({ method: 'GET', url: '/api/partner/links', headers: c.headers })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/partner/links' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/admin/partners', headers: c.headers })).statusCode).toBe(403);
    });

    it('answers invalid input with translated 422s, never 500', async () => {
      const c = await walletClient(t);
      const empty = await t.post('/api/partner/application', { description: '' }, { ...c.headers, 'accept-language': 'ua' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json<{ errors: Record<string, string[]> }>().errors.description![0]).toMatch(/[а-яіїє]/i);
      const p = await newPartner(t, admin);
      for (const body of [{ campaign: '' }, { campaign: 'x'.repeat(61) }, {}, { campaign: 5 }]) {
        expect((await t.post('/api/partner/links', body, p.headers)).statusCode).toBe(422);
      }
      expect((await t.request({ method: 'GET', url: '/api/partner/stats?period=year', headers: p.headers })).statusCode).toBe(422);
      expect((await t.post('/api/admin/partner-plans', planBody({ second_level_bps: 10_001 }), admin)).statusCode).toBe(422);
      expect((await t.post('/api/admin/partner-plans', planBody({ currency: 'XXX' }), admin)).statusCode).toBe(422);
    });
  });

  describe('links and attribution', () => {
    it('gives each link a URL, counts clicks, and attributes a registration through it', async () => {
      const p = await newPartner(t, admin);
      expect(p.link.url).toBe(`http://localhost:8000/r/${p.link.code}`);
      const token = await visit(t, p.link.code);
      expect(token).not.toBeNull();
      const client = await registerVia(t, token);
      expect(await attributionOf(client.id)).toMatchObject({ partner_id: p.partnerId, link_id: p.link.id, state: 'counted' });
      const links = (await get<PartnerLink[]>('/api/partner/links', p.headers)).body;
      expect(links[0]).toMatchObject({ clicks: 1, registrations: 1 });
      const clients = (await get<PartnerClients>('/api/partner/clients', p.headers)).body.clients;
      expect(clients).toHaveLength(1);
      expect(clients[0]).toMatchObject({ id: client.id, name: 'Olena Referred', verified: true, funded: false, link: { id: p.link.id } });
      expect(clients[0]!.email).toBe(`r***@${client.email.split('@')[1]}`);
    });

    it('shows e-mail addresses once staff allow it for that partner', async () => {
      const p = await newPartner(t, admin);
      const client = await registerVia(t, await visit(t, p.link.code));
      const shown = await t.request({ method: 'PUT', url: `/api/admin/partners/${p.partnerId}/show-emails`, payload: { show_emails: true }, headers: admin });
      expect(shown.statusCode, shown.body).toBe(200);
      expect((await get<PartnerClients>('/api/partner/clients', p.headers)).body.clients[0]!.email).toBe(client.email);
    });

    it('keeps the first touch: a second link visited later does not replace the cookie', async () => {
      const first = await newPartner(t, admin);
      const second = await newPartner(t, admin);
      const token = await visit(t, first.link.code);
      expect(await visit(t, second.link.code, token!)).toBeNull();
      const client = await registerVia(t, token);
      expect((await attributionOf(client.id))!.partner_id).toBe(first.partnerId);
      // The second visit still counts as a click of its link.
      expect((await get<PartnerLink[]>('/api/partner/links', second.headers)).body[0]!.clicks).toBe(1);
    });

    it('attributes nothing once the cookie’s 60 days have passed, and replaces an expired cookie', async () => {
      const p = await newPartner(t, admin);
      const old = await visit(t, p.link.code);
      t.clock.advance(61 * DAY);
      try {
        const late = await registerVia(t, old);
        expect(await attributionOf(late.id)).toBeUndefined();
        expect(await visit(t, p.link.code, old!)).not.toBeNull();
      } finally {
        t.clock.advance(-61 * DAY);
      }
    });

    it('attributes once and for good', async () => {
      const p = await newPartner(t, admin);
      const other = await newPartner(t, admin);
      const client = await registerVia(t, await visit(t, p.link.code));
      const again = await t.app.services.partners.attribute({ userId: client.id, email: client.email, token: await visit(t, other.link.code), ip: null, deviceToken: null });
      expect(again).toMatchObject({ outcome: 'none' });
      expect((await attributionOf(client.id))!.partner_id).toBe(p.partnerId);
    });

    it('refuses self-referral: the partner registering again through their own link is nobody’s client', async () => {
      const p = await newPartner(t, admin);
      const [local, domain] = p.email.split('@');
      const self = await registerVia(t, await visit(t, p.link.code), { email: `${local}+again@${domain}` });
      expect(await attributionOf(self.id)).toBeUndefined();
    });

    it('flags a registration from the partner’s own recent address for staff, counted only once staff say so', async () => {
      const p = await newPartner(t, admin);
      const ip = '10.200.0.7';
      const signedIn = await t.request({ method: 'POST', url: '/api/login', payload: { email: p.email, password: DEMO_PASSWORD }, remoteAddress: ip });
      expect(signedIn.statusCode).toBe(200);
      const client = await registerVia(t, await visit(t, p.link.code), { ip });
      expect((await attributionOf(client.id))!.state).toBe('flagged');
      expect((await get<PartnerClients>('/api/partner/clients', p.headers)).body.clients).toHaveLength(0);
      const flags = (await get<PartnerFlag[]>('/api/admin/partners/flags', admin)).body;
      const flag = flags.find((f) => f.client.id === client.id)!;
      expect(flag).toMatchObject({ state: 'open', reason: 'same_ip', matched: ip, partner: { partner_id: p.partnerId } });
      const counted = await t.post(`/api/admin/partners/flags/${flag.id}/resolve`, { decision: 'count' }, admin);
      expect(counted.json<PartnerFlag>().state).toBe('counted');
      expect((await t.post(`/api/admin/partners/flags/${flag.id}/resolve`, { decision: 'dismiss' }, admin)).statusCode).toBe(409);
      expect((await get<PartnerClients>('/api/partner/clients', p.headers)).body.clients).toHaveLength(1);
    });

    it('flags a registration from a device the partner trusted', async () => {
      const p = await newPartner(t, admin);
      const device = await t.app.services.secondFactor.trustDevice((await t.db.selectFrom('users').select('id').where('email', '=', p.email).executeTakeFirstOrThrow()).id, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0');
      const client = await registerVia(t, await visit(t, p.link.code), { cookies: { trusted_device: device } });
      const flag = (await get<PartnerFlag[]>('/api/admin/partners/flags', admin)).body.find((f) => f.client.id === client.id)!;
      expect(flag.reason).toBe('same_device');
      expect((await t.post(`/api/admin/partners/flags/${flag.id}/resolve`, { decision: 'dismiss' }, admin)).json<PartnerFlag>().state).toBe('dismissed');
      expect((await attributionOf(client.id))!.state).toBe('dismissed');
    });

    it('reads another partner’s link as missing', async () => {
      const p = await newPartner(t, admin);
      const other = await newPartner(t, admin);
      expect((await t.request({ method: 'GET', url: `/api/partner/stats?link=${other.link.id}`, headers: p.headers })).statusCode).toBe(404);
      const own = await get<PartnerStats>(`/api/partner/stats?link=${p.link.id}&period=7d`, p.headers);
      expect(own.status).toBe(200);
      expect(own.body.links).toHaveLength(1);
    });

    it('tells the partner of the decision and of each counted client, in the bell and by mail in their language, as their switches say', async () => {
      const c = await walletClient(t);
      await t.db.updateTable('users').set({ locale: 'ru' }).where('email', '=', c.email).execute();
      const { id } = (await t.post('/api/partner/application', { description: 'x' }, c.headers)).json<{ id: number }>();
      await t.post(`/api/admin/partners/applications/${id}/reject`, { reason: 'Too short.' }, admin);
      const events = async () =>
        (await t.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id').select(['n.event', 'n.payload']).where('u.email', '=', c.email).orderBy('n.id').execute()).map((n) => ({
          event: n.event,
          payload: JSON.parse(n.payload) as Record<string, unknown>,
        }));
      expect(await events()).toEqual([{ event: 'partner.rejected', payload: { application_id: id, reason: 'Too short.' } }]);
      expect((await t.mail.latest(c.email)).subject).toBe('Ваша партнёрская заявка не одобрена');
      const again = (await t.post('/api/partner/application', { description: 'A longer story.' }, c.headers)).json<{ id: number }>();
      await t.post(`/api/admin/partners/applications/${again.id}/approve`, {}, admin);
      const link = (await t.post('/api/partner/links', { campaign: 'Mail' }, c.headers)).json<PartnerLink>();
      const client = await registerVia(t, await visit(t, link.code));
      expect((await events()).slice(1)).toEqual([
        { event: 'partner.approved', payload: { application_id: again.id, plan: 'Standard' } },
        { event: 'partner.client', payload: { client_id: client.id, client: 'Olena Referred' } },
      ]);
      // Switched off, the next one is neither stored nor mailed.
      const off = await t.request({ method: 'PUT', url: '/api/settings/notifications', payload: { preferences: [{ event: 'partner.client', in_app: false, email: false }] }, headers: c.headers });
      expect(off.statusCode, off.body).toBe(200);
      await registerVia(t, await visit(t, link.code));
      expect(await events()).toHaveLength(3);
    });

    it('sends an unknown code to the registration without a cookie', async () => {
      expect(await visit(t, 'zzzzzzzz')).toBeNull();
    });
  });
});
