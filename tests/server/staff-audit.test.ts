import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/security-activity.ts';
import { auditedRoutesOf, summaryOf } from '../../server/http/staff-audit.ts';
import { ADMIN_EMAIL, bearer, DIALECTS, startTestApp, type TestApp } from './support.ts';
import { walletClient } from './wallet-support.ts';

const MUTATING = ['post', 'put', 'patch', 'delete'];

describe('the summary the audit log keeps of a request', () => {
  it('masks secrets, cuts long texts and leaves files out', () => {
    const summary = summaryOf({ id: '7' }, { name: 'Card', password: 'hunter2', nested: { api_key: 'k', note: 'x'.repeat(400) }, file: Buffer.from('bytes') });
    expect(summary).toEqual({ params: { id: '7' }, body: { name: 'Card', password: '***', nested: { api_key: '***', note: `${'x'.repeat(300)}…` } } });
  });
});

describe.each(DIALECTS)('staff audit log on $name', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = bearer(await t.login(ADMIN_EMAIL));
  });
  afterAll(() => t.close());

  const audit = async (query = '', headers = admin) => {
    const res = await t.request({ method: 'GET', url: `/api/admin/audit${query}`, headers: { ...headers, 'user-agent': 'AuditSpec/1.0' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  it('records every mutating staff route: each one of the API document under /api/admin or tagged staff', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const audited = auditedRoutesOf(t.app);
    const staffRoutes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, op]) => MUTATING.includes(method) && (path.startsWith('/api/admin/') || op.tags?.includes('staff')))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(staffRoutes.length).toBeGreaterThan(20);
    expect(staffRoutes.filter((route) => !audited.has(route))).toEqual([]);
    expect([...audited].filter((route) => route.startsWith('GET '))).toEqual([]);
  });

  it('records who approved a deposit, what, when and from where', async () => {
    const c = await walletClient(t);
    const live = await c.open('EUR', 'live');
    const deposit = await c.deposit(live.id, 300);
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/wallet-requests/${deposit.json().id}/approve`,
      payload: {},
      headers: { ...admin, 'user-agent': 'Firefox/128.0 staff desk' },
      remoteAddress: '192.0.2.200',
    });
    expect(approved.statusCode).toBe(200);
    const [entry] = (await audit(`?object_type=wallet-requests&object_id=${deposit.json().id}`)).data;
    expect(entry).toMatchObject({
      actor: { email: ADMIN_EMAIL },
      action: 'POST /api/admin/wallet-requests/:id/approve',
      object_type: 'wallet-requests',
      object_id: String(deposit.json().id),
      summary: { params: { id: deposit.json().id } },
      status: 200,
      ip: '192.0.2.200',
      user_agent: 'Firefox/128.0 staff desk',
      created_at: t.clock.current.toISOString(),
    });
  });

  it('records edits with what changed, not refusals, and filters by actor, action and days', async () => {
    const created = await t.post('/api/admin/canned-replies', { lang: 'en', shortcut: 'audit-hello', text: 'Hello from the audit test' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const refused = await t.post('/api/admin/canned-replies', { lang: 'en', shortcut: '', text: '' }, admin);
    expect(refused.statusCode).toBe(422);
    const page = await audit('?action=' + encodeURIComponent('POST /api/admin/canned-replies'));
    expect(page.data).toHaveLength(1);
    expect(page.data[0]!.summary).toEqual({ body: { lang: 'en', shortcut: 'audit-hello', text: 'Hello from the audit test' } });
    expect(page.actions).toContain('POST /api/admin/canned-replies');
    expect(page.object_types).toContain('canned-replies');
    expect((await audit('?actor=admin@traderoom')).meta.total).toBeGreaterThanOrEqual(1);
    expect((await audit('?actor=nobody-by-that-name')).meta.total).toBe(0);
    const day = t.clock.current.toISOString().slice(0, 10);
    expect((await audit(`?from=${day}&to=${day}`)).meta.total).toBeGreaterThanOrEqual(1);
    expect((await audit('?to=2000-01-01')).meta.total).toBe(0);
  });

  it('pages newest first', async () => {
    for (let i = 0; i < 27; i++) {
      expect((await t.post('/api/admin/canned-replies', { lang: 'ru', shortcut: `page-${i}`, text: `Ответ ${i}` }, admin)).statusCode).toBe(201);
      t.clock.advance(1_000);
    }
    const first = await audit('?object_type=canned-replies');
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 25, last_page: 2 });
    expect(first.data[0]!.summary).toMatchObject({ body: { shortcut: 'page-26' } });
    const second = await audit('?object_type=canned-replies&page=2');
    expect(second.data.length).toBe(first.meta.total - 25);
  });

  it('is never editable: no route changes it and the database refuses UPDATE and DELETE', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      expect((await t.request({ method, url: '/api/admin/audit', headers: admin, payload: {} })).statusCode).toBe(404);
      expect((await t.request({ method, url: '/api/admin/audit/1', headers: admin, payload: {} })).statusCode).toBe(404);
    }
    const before = await t.db.selectFrom('staff_audit').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(t.db.updateTable('staff_audit').set({ summary: '{}' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('staff_audit').execute()).rejects.toThrow(/append-only/);
    expect(await t.db.selectFrom('staff_audit').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('refuses clients and guests', async () => {
    const c = await walletClient(t, { verified: false });
    expect((await t.request({ method: 'GET', url: '/api/admin/audit', headers: c.headers })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
