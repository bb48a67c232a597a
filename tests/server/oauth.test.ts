import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthPopupMessage } from '../../contract/oauth.ts';
import { LOOPBACK_OIDC_PASSWORD, startLoopbackOidc, type LoopbackOidc } from '../../server/dev/loopback-oidc.ts';
import { openFlow, sealFlow } from '../../server/services/oauth-state.ts';
import { PARTNER_COOKIE, type PartnerClients } from '../../contract/partners.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, startTestApp, testConfig, uniqueEmail, type TestApp } from './support.ts';
import { newPartner, visit } from './partners-support.ts';

const APP_URL = 'http://localhost:8000';
const CALLBACK = `${APP_URL}/api/oauth/oidc/callback`;

/** A browser's cookie jar, as far as these flows need one. */
class Jar {
  private cookies = new Map<string, string>();
  take(setCookie: string[] | string | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Signs in at the loopback provider as a person would in the popup; answers the callback URL it redirects to. */
async function signInAtProvider(authorizationUrl: string, email: string, password = LOOPBACK_OIDC_PASSWORD): Promise<URL> {
  const jar = new Jar();
  const get = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    return res;
  };
  const toInteraction = await get(authorizationUrl);
  expect(toInteraction.status).toBe(303);
  const interaction = new URL(toInteraction.headers.get('location')!, authorizationUrl);
  expect((await get(interaction.href)).status).toBe(200);
  const login = await fetch(new URL(`${interaction.pathname}/login`, interaction), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
  jar.take(login.headers.getSetCookie());
  expect(login.status).toBe(303);
  let next = new URL(login.headers.get('location')!, interaction);
  for (let hop = 0; hop < 5 && !next.href.startsWith(CALLBACK); hop++) {
    const res = await get(next.href);
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(300);
    next = new URL(res.headers.get('location')!, next);
  }
  expect(next.href.startsWith(CALLBACK)).toBe(true);
  return next;
}

/** The message the popup page would post, read from its data attribute. */
function popupMessage(res: LightMyRequestResponse): OAuthPopupMessage {
  const raw = /data-message="([^"]*)"/.exec(res.body)?.[1];
  if (raw === undefined) throw new Error(`no popup message in ${res.body}`);
  return JSON.parse(raw.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'));
}

describe.each(DIALECTS)('OAuth sign-in on $name', (dialect) => {
  let t: TestApp;
  let oidc: LoopbackOidc;

  beforeAll(async () => {
    oidc = await startLoopbackOidc({ redirectUri: CALLBACK });
    t = await startTestApp(dialect, { config: { appUrl: APP_URL, oauth: { github: null, google: null, oidc: oidc.client, demo: false } } });
    // The provider signs its tokens with the real time.
    t.clock.current = new Date();
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  async function start(headers: Record<string, string> = {}, path = '/api/oauth/oidc') {
    const res = await t.request({ method: 'POST', url: path, headers });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'oauth_state')!;
    return { url: res.json<{ url: string }>().url, cookie: cookie.value, raw: cookie };
  }

  const callback = (query: string, cookie?: string, more: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/oauth/oidc/callback${query}`, cookies: { ...(cookie ? { oauth_state: cookie } : {}), ...more } });

  /** `cookies`: what else the browser holds (a referral link's first-touch cookie). */
  async function signInThroughProvider(email: string, cookies: Record<string, string> = {}) {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, email);
    return callback(back.search, cookie, cookies);
  }

  it('lists only the configured providers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/oauth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 'oidc', name: 'Loopback ID' }]);
  });

  it('answers the provider address and keeps state, PKCE verifier and nonce in a signed, HttpOnly, short-lived cookie', async () => {
    const { url, raw } = await start();
    const address = new URL(url);
    expect(address.origin).toBe(oidc.client.issuer);
    expect(address.searchParams.get('client_id')).toBe('traderoom');
    expect(address.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(raw).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/oauth', maxAge: 600 });
    const flow = openFlow(testConfig('sqlite::memory:').appKey, raw.value, t.clock.now())!;
    expect(address.searchParams.get('state')).toBe(flow.state);
    expect(address.searchParams.get('nonce')).toBe(flow.nonce);
    expect(raw.value).not.toContain(flow.codeVerifier);
  });

  it('refuses an unknown provider and a known one that is not configured with 404', async () => {
    for (const provider of ['myspace', 'github', 'google']) {
      const res = await t.request({ method: 'POST', url: `/api/oauth/${provider}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('signs a new person up with a verified e-mail and posts a token to the opener', async () => {
    const email = uniqueEmail('ada.lovelace');
    const res = await signInThroughProvider(email);
    expect(res.statusCode).toBe(200);
    const message = popupMessage(res);
    if (!('token' in message)) throw new Error(JSON.stringify(message));
    const user = await t.request({ method: 'GET', url: '/api/user', headers: bearer(message.token) });
    expect(user.json()).toMatchObject({ email, first_name: 'Ada', second_name: 'Lovelace', role: 'client' });
    expect(user.json().email_verified_at).not.toBeNull();
    const identities = await t.request({ method: 'GET', url: '/api/oauth/identities', headers: bearer(message.token) });
    expect(identities.json()).toEqual([{ provider: 'oidc', email, created_at: expect.any(String) }]);
  });

  it('attributes a sign-up through a referral link to its partner, as the registration form does; a later sign-in changes nothing', async () => {
    const admin = bearer(await t.login(ADMIN_EMAIL));
    const partner = await newPartner(t, admin);
    const token = await visit(t, partner.link.code);
    expect(token).not.toBeNull();
    const email = uniqueEmail('grace.hopper');
    const message = popupMessage(await signInThroughProvider(email, { [PARTNER_COOKIE]: token! })) as { token: string };
    expect(message.token).toEqual(expect.any(String));
    const clients = (await t.request({ method: 'GET', url: '/api/partner/clients', headers: partner.headers })).json<PartnerClients>();
    expect(clients.clients).toEqual([expect.objectContaining({ name: 'Grace Hopper', link: { id: partner.link.id, campaign: 'Blog' } })]);
    // A later sign-in with the cookie still held is no sign-up: the client stays attributed once.
    const again = popupMessage(await signInThroughProvider(email, { [PARTNER_COOKIE]: token! }));
    expect(again).toMatchObject({ token: expect.any(String) });
    const attributions = await t.db.selectFrom('partner_attributions').select('user_id').where('partner_id', '=', partner.partnerId).execute();
    expect(attributions).toHaveLength(1);
  });

  it('signs the same person into the same account the next time', async () => {
    const email = uniqueEmail('returning');
    const first = popupMessage(await signInThroughProvider(email)) as { token: string };
    const second = popupMessage(await signInThroughProvider(email)) as { token: string };
    expect(second.token).not.toBe(first.token);
    const a = await t.request({ method: 'GET', url: '/api/user', headers: bearer(first.token) });
    const b = await t.request({ method: 'GET', url: '/api/user', headers: bearer(second.token) });
    expect(b.json().id).toBe(a.json().id);
  });

  it('does not link an e-mail that already has a password account: it says so and signs nobody in', async () => {
    const res = await signInThroughProvider(CLIENT_EMAIL);
    expect(res.statusCode).toBe(400);
    expect(popupMessage(res)).toEqual({ type: 'traderoom:oauth', error: 'email_taken' });
    const rows = await t.db.selectFrom('oauth_identities').innerJoin('users', 'users.id', 'oauth_identities.user_id').select('users.email').execute();
    expect(rows.map((r) => r.email)).not.toContain(CLIENT_EMAIL);
  });

  it('refuses a callback whose state does not match the cookie, or comes without the cookie', async () => {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, uniqueEmail('state'));
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'not-the-state');
    expect(popupMessage(await callback(`?${forged}`, cookie))).toMatchObject({ error: 'invalid_state' });
    expect(popupMessage(await callback(back.search))).toMatchObject({ error: 'invalid_state' });
  });

  it("refuses another flow's cookie, a tampered cookie and an expired one", async () => {
    const first = await start();
    const second = await start();
    const back = await signInAtProvider(first.url, uniqueEmail('swap'));
    expect(popupMessage(await callback(back.search, second.cookie))).toMatchObject({ error: 'invalid_state' });
    expect(popupMessage(await callback(back.search, `${first.cookie.slice(0, -2)}xx`))).toMatchObject({ error: 'invalid_state' });

    const third = await start();
    const backAgain = await signInAtProvider(third.url, uniqueEmail('late'));
    t.clock.advance(11 * 60_000);
    try {
      expect(popupMessage(await callback(backAgain.search, third.cookie))).toMatchObject({ error: 'invalid_state' });
    } finally {
      t.clock.current = new Date();
    }
  });

  it('sends the PKCE verifier: a code redeemed with another verifier is refused by the provider', async () => {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, uniqueEmail('pkce'));
    const key = testConfig('sqlite::memory:').appKey;
    const flow = openFlow(key, cookie, t.clock.now())!;
    const wrongVerifier = sealFlow(key, { ...flow, codeVerifier: 'A'.repeat(43) });
    const res = await callback(back.search, wrongVerifier);
    expect(res.statusCode).toBe(400);
    expect(popupMessage(res)).toEqual({ type: 'traderoom:oauth', error: 'provider_error' });
  });

  it('clears the flow cookie at the callback, so a code cannot be replayed with it', async () => {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, uniqueEmail('once'));
    const first = await callback(back.search, cookie);
    expect(first.cookies.find((c) => c.name === 'oauth_state')).toMatchObject({ value: '' });
    expect(popupMessage(first)).toHaveProperty('token');
    // A replay with the old cookie: the provider has consumed the code.
    expect(popupMessage(await callback(back.search, cookie))).toMatchObject({ error: 'provider_error' });
  });

  it('reports a cancelled sign-in at the provider as access_denied', async () => {
    const { url, cookie } = await start();
    const state = new URL(url).searchParams.get('state')!;
    const res = await callback(`?error=access_denied&state=${state}`, cookie);
    expect(popupMessage(res)).toEqual({ type: 'traderoom:oauth', error: 'access_denied' });
  });

  it('answers an unknown provider\u2019s callback with a 404 page that tells the opener', async () => {
    const res = await t.request({ method: 'GET', url: '/api/oauth/myspace/callback?code=x&state=y' });
    expect(res.statusCode).toBe(404);
    expect(popupMessage(res)).toEqual({ type: 'traderoom:oauth', error: 'provider_unavailable' });
  });

  it('serves the popup page with no inline script, under the strict CSP, posting to the app origin only', async () => {
    const res = await callback('?code=x&state=y');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline\'; script');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.body).toContain('<script src="/api/oauth/popup.js" defer></script>');
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).toContain(`data-origin="${APP_URL}"`);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const script = await t.request({ method: 'GET', url: '/api/oauth/popup.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('window.opener.postMessage(message, origin)');
    expect(script.body).not.toContain("'*'");
  });

  it('speaks the language the flow started in', async () => {
    const { cookie } = await start({ 'accept-language': 'ru' });
    const res = await callback('?code=x&state=y', cookie);
    expect(res.body).toContain('<html lang="ru">');
    expect(res.body).toContain('Это окно можно закрыть.');
  });

  describe('linking from settings', () => {
    it('links the provider to the signed-in account, which can then sign in with it, and unlinks it', async () => {
      const token = await t.login(CLIENT_EMAIL);
      const { url, cookie } = await start(bearer(token), '/api/oauth/oidc/link');
      const back = await signInAtProvider(url, CLIENT_EMAIL);
      const linked = await callback(back.search, cookie);
      expect(linked.statusCode).toBe(200);
      expect(popupMessage(linked)).toEqual({ type: 'traderoom:oauth', linked: 'oidc' });
      const list = await t.request({ method: 'GET', url: '/api/oauth/identities', headers: bearer(token) });
      expect(list.json()).toEqual([{ provider: 'oidc', email: CLIENT_EMAIL, created_at: expect.any(String) }]);

      const signedIn = popupMessage(await signInThroughProvider(CLIENT_EMAIL)) as { token: string };
      const me = await t.request({ method: 'GET', url: '/api/user', headers: bearer(signedIn.token) });
      expect(me.json().email).toBe(CLIENT_EMAIL);

      expect((await t.request({ method: 'DELETE', url: '/api/oauth/identities/oidc', headers: bearer(token) })).statusCode).toBe(204);
      expect((await t.request({ method: 'DELETE', url: '/api/oauth/identities/oidc', headers: bearer(token) })).statusCode).toBe(404);
      expect(popupMessage(await signInThroughProvider(CLIENT_EMAIL))).toMatchObject({ error: 'email_taken' });
    });

    it('refuses to link a provider account that belongs to someone else', async () => {
      const email = uniqueEmail('owner');
      await signInThroughProvider(email);
      const token = await t.login('second@traderoom.test');
      const { url, cookie } = await start(bearer(token), '/api/oauth/oidc/link');
      const res = await callback((await signInAtProvider(url, email)).search, cookie);
      expect(popupMessage(res)).toEqual({ type: 'traderoom:oauth', error: 'identity_taken' });
    });

    it('needs a signed-in user to link or to list', async () => {
      expect((await t.request({ method: 'POST', url: '/api/oauth/oidc/link' })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: '/api/oauth/identities' })).statusCode).toBe(401);
    });
  });
});

describe.each(DIALECTS)('OAuth providers by configuration on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      config: {
        appUrl: APP_URL,
        oauth: { github: { clientId: 'gh-id', clientSecret: 'gh-secret' }, google: { clientId: 'g-id', clientSecret: 'g-secret' }, oidc: null, demo: false },
      },
    });
  });
  afterAll(() => t.close());

  it('offers GitHub and Google when their client id and secret are set, and nothing else', async () => {
    expect((await t.request({ method: 'GET', url: '/api/oauth/providers' })).json()).toEqual([
      { id: 'github', name: 'GitHub' },
      { id: 'google', name: 'Google' },
    ]);
    expect((await t.request({ method: 'POST', url: '/api/oauth/oidc' })).statusCode).toBe(404);
  });

  it('sends the person to GitHub with state, PKCE and the callback address', async () => {
    const url = new URL((await t.request({ method: 'POST', url: '/api/oauth/github' })).json().url);
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'gh-id',
      redirect_uri: `${APP_URL}/api/oauth/github/callback`,
      code_challenge_method: 'S256',
      scope: 'read:user user:email',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('sends the person to Google with state, PKCE, nonce and the OpenID scopes', async () => {
    const url = new URL((await t.request({ method: 'POST', url: '/api/oauth/google' })).json().url);
    expect(url.hostname).toBe('accounts.google.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'g-id',
      redirect_uri: `${APP_URL}/api/oauth/google/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });
});
