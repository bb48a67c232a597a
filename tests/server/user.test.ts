import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contract/user.schema.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp } from './support.ts';

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

describe.each(DIALECTS)('GET /api/user and POST /api/logout on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/api/user', headers });
  const logout = (token: string) => t.request({ method: 'POST', url: '/api/logout', headers: bearer(token) });
  const tokenRow = (token: string) =>
    t.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();

  it('answers the signed-in admin with role admin', async () => {
    const res = await me(bearer(await t.login(ADMIN_EMAIL)));
    expect(res.statusCode).toBe(200);
    const user = userSchema.strict().parse(res.json());
    expect(user).toMatchObject({ first_name: 'Alexandra', second_name: 'Morgan', email: ADMIN_EMAIL, roles: ['admin'], role: 'admin' });
    expect(user.email_verified_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers a signed-in client with role client', async () => {
    const res = await me(bearer(await t.login(CLIENT_EMAIL)));
    expect(res.json()).toMatchObject({ email: CLIENT_EMAIL, roles: ['client'], role: 'client' });
  });

  it('answers a user holding no role with no roles and an empty role, never client', async () => {
    const email = `no-role-${dialect.name}@example.com`;
    await t.app.services.users.create({ first_name: 'Nadia', second_name: 'Roleless', email, password: 'a good password', verified: true, roles: [] });
    const res = await me(bearer(await t.login(email, 'a good password')));
    expect(res.statusCode).toBe(200);
    expect(userSchema.strict().parse(res.json())).toMatchObject({ email, roles: [], role: '' });
  });

  it('reads the user afresh with each request: a changed name and a role granted after sign-in show at once', async () => {
    const email = `changing-${dialect.name}@example.com`;
    const created = await t.app.services.users.create({ first_name: 'Chloe', second_name: 'Before', email, password: 'a good password', verified: true });
    const token = await t.login(email, 'a good password');
    expect((await me(bearer(token))).json()).toMatchObject({ second_name: 'Before', roles: ['client'], role: 'client' });

    await t.db.updateTable('users').set({ second_name: 'After' }).where('id', '=', created.id).execute();
    const admin = await t.db.selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_user').values({ user_id: created.id, role_id: admin.id }).execute();
    const res = await me(bearer(token));
    expect(userSchema.strict().parse(res.json())).toMatchObject({ id: created.id, second_name: 'After', roles: ['admin', 'client'], role: 'admin' });
  });

  it('answers the roles by name, as the user service reads them, whatever order the join reads them in', async () => {
    const email = `two-roles-${dialect.name}@example.com`;
    const created = await t.app.services.users.create({ first_name: 'Ines', second_name: 'Twofold', email, password: 'a good password', verified: true });
    // A role added after 'client' (a higher id) whose name sorts before it: the role_user key reads it second.
    const auditor = await t.db.insertInto('roles').values({ name: `auditor-${dialect.name}` }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('role_user').values({ user_id: created.id, role_id: auditor.id }).execute();
    const res = await me(bearer(await t.login(email, 'a good password')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: [`auditor-${dialect.name}`, 'client'], role: 'client' });
    expect((await t.app.services.users.findById(created.id))?.roles).toEqual([`auditor-${dialect.name}`, 'client']);
  });

  it('marks the answer as not cacheable', async () => {
    const res = await me(bearer(await t.login(CLIENT_EMAIL)));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it.each([
    ['an unknown token', `Bearer ${'x'.repeat(43)}`],
    ['a token of the wrong shape', 'Bearer not-a-token'],
    ['another scheme', 'Basic YWRtaW46c2VjcmV0'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 for %s', async (_label, authorization) => {
    const res = await me({ authorization });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('does not accept the token from a cookie, only from the Authorization header', async () => {
    const token = await t.login(CLIENT_EMAIL);
    expect((await me({ cookie: `token=${token}` })).statusCode).toBe(401);
  });

  it('translates the 401 message', async () => {
    expect((await me({ 'accept-language': 'ru' })).json()).toEqual({ message: 'Требуется вход в систему.' });
    expect((await me({ 'accept-language': 'ua' })).json()).toEqual({ message: 'Потрібно увійти в систему.' });
  });

  it('refuses a token once its two hours are over, while a remembered one lives on', async () => {
    const short = await t.login(CLIENT_EMAIL);
    const remembered = await t.login(CLIENT_EMAIL, undefined, true);
    t.clock.advance(2 * 60 * 60 * 1000 - 1000);
    expect((await me(bearer(short))).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await me(bearer(short))).statusCode).toBe(401);
    expect((await me(bearer(remembered))).statusCode).toBe(200);
  });

  it('records when a token was last used, at most once a minute', async () => {
    const token = await t.login(CLIENT_EMAIL);
    const issuedAt = (await tokenRow(token)).last_used_at;

    t.clock.advance(30_000);
    await me(bearer(token));
    expect((await tokenRow(token)).last_used_at).toBe(issuedAt);

    t.clock.advance(30_000);
    await me(bearer(token));
    expect((await tokenRow(token)).last_used_at).toBe(t.clock.now().toISOString());
  });

  it('keeps only the SHA-256 hash of a token, with who asked for it', async () => {
    const token = await t.login(CLIENT_EMAIL);
    const row = await tokenRow(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row).toMatchObject({ remember: 0, ip: '127.0.0.1', user_agent: 'lightMyRequest', revoked_at: null });

    const everything = JSON.stringify(await t.db.selectFrom('personal_access_tokens').selectAll().execute());
    expect(everything).not.toContain(token);
  });

  it('signs out with 204 and the token stops working', async () => {
    const token = await t.login(CLIENT_EMAIL);
    const res = await logout(token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await me(bearer(token))).statusCode).toBe(401);
    expect((await tokenRow(token)).revoked_at).not.toBeNull();
  });

  it('signs out one session only: the same user’s other tokens still work', async () => {
    const laptop = await t.login(CLIENT_EMAIL);
    const phone = await t.login(CLIENT_EMAIL);
    await logout(laptop);
    expect((await me(bearer(phone))).statusCode).toBe(200);
  });

  it('answers 401 to a sign-out without a live token', async () => {
    const token = await t.login(CLIENT_EMAIL);
    await logout(token);
    expect((await logout(token)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/logout' })).json()).toEqual(UNAUTHENTICATED);
  });
});
