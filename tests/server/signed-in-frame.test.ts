import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameSlot, type FrameWords } from '../../contract/signed-in-frame.ts';
import { fillFrame, frameValues } from '../../server/http/signed-in-frame.ts';
import { DIALECTS, startTestApp, type TestApp } from './support.ts';

const WORDS: FrameWords = {
  ru: { greetings: { morning: `Доброе утро, ${frameSlot('first_name')}`, afternoon: `Добрый день, ${frameSlot('first_name')}`, evening: `Добрый вечер, ${frameSlot('first_name')}` } },
};

describe('the values the server writes into the signed-in frame', () => {
  const user = { first_name: 'Олена', second_name: 'Коваль', email: 'olena@example.test', roles: ['client'], created_at: '2024-03-31T22:30:00.000Z' };
  const at = (iso: string, timeZone: string | null) => frameValues(user, { locale: 'ru', timeZone, words: WORDS, now: new Date(iso) });

  it('greets by the part of the day on the visitor’s own clock, and dates in their zone', () => {
    // 04:30 UTC is 07:30 in Kyiv (summer), 00:30 in New York, 13:30 in Tokyo.
    expect(at('2026-07-01T04:30:00Z', 'Europe/Kyiv').greeting).toBe('Доброе утро, Олена');
    expect(at('2026-07-01T04:30:00Z', 'America/New_York').greeting).toBe('Добрый вечер, Олена');
    expect(at('2026-07-01T04:30:00Z', 'Asia/Tokyo').greeting).toBe('Добрый день, Олена');
    // Joined late on 31 March in UTC: already 1 April in Kyiv.
    expect(at('2026-07-01T04:30:00Z', 'Europe/Kyiv').member_since).toBe(new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: 'Europe/Kyiv' }).format(new Date(user.created_at)));
    expect(at('2026-07-01T04:30:00Z', 'Europe/Kyiv').member_since).toMatch(/^1 апреля 2024/);
    expect(at('2026-07-01T04:30:00Z', 'UTC').member_since).toMatch(/^31 марта 2024/);
  });

  it('leaves the greeting and the date out without a time zone it knows, and keeps the rest', () => {
    for (const zone of [null, 'Mars/Olympus', '', 'x'.repeat(500)]) {
      const values = at('2026-07-01T04:30:00Z', zone);
      expect(values.greeting).toBeNull();
      expect(values.member_since).toBeNull();
      expect(values.full_name).toBe('Олена Коваль');
      expect(values.initials).toBe('ОК');
    }
  });

  it('escapes every value, and refuses a page with a slot it has no value for', () => {
    const values = { ...at('2026-07-01T04:30:00Z', 'UTC'), full_name: '<img src=x onerror=alert(1)> & "Jo"' };
    expect(fillFrame(`<b>${frameSlot('full_name')}</b>`, values)).toBe('<b>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Jo&quot;</b>');
    expect(fillFrame(`<h1>${frameSlot('greeting')}</h1>`, at('2026-07-01T04:30:00Z', null))).toBeNull();
    expect(fillFrame('<p>⟦not_a_slot⟧</p>', values)).toBeNull();
  });
});

const INDEX = `<!doctype html><html lang="en" class="light-theme"><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>`;
const profile = `<div class="profile"><span class="avatar" style="background:${frameSlot('avatar_color')}">${frameSlot('initials')}</span><b>${frameSlot('full_name')}</b><i>${frameSlot('email')}</i></div>`;
const head = `<h1>${frameSlot('greeting')}</h1><p>С нами с ${frameSlot('member_since')}</p>`;
const frameOf = (inner: string) => INDEX.replace('<div id="root"></div>', `<div id="root" data-frame inert>${inner}</div>`);

/** The built frames in Russian, light theme: before the user is known, and for each role, with and without home's head. */
function buildStaticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'traderoom-frame-'));
  const ru = join(dir, 'prerendered', 'light-theme', 'ru');
  mkdirSync(ru, { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(ru, 'signed-in-frame.html'), frameOf('<nav>anyone</nav><span class="avatar avatar-placeholder"></span>'));
  for (const role of ['client', 'staff']) {
    writeFileSync(join(ru, `signed-in-frame.${role}.html`), frameOf(`<nav>${role}</nav>${profile}<div role="status">Загрузка…</div>`));
    writeFileSync(join(ru, `signed-in-frame.${role}.home.html`), frameOf(`<nav>${role}</nav>${profile}${head}<div role="status">Загрузка…</div>`));
  }
  writeFileSync(join(dir, 'prerendered', 'frame-words.json'), JSON.stringify(WORDS));
  return dir;
}

describe.each(DIALECTS)('the signed-in frame a session gets on $name', (dialect) => {
  let t: TestApp;
  let dir: string;
  let client: string;
  let staff: string;
  beforeAll(async () => {
    dir = buildStaticDir();
    t = await startTestApp(dialect, { config: { staticDir: dir } });
    client = await t.login('client@traderoom.test');
    staff = await t.login('admin@traderoom.test');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string, cookie: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { cookie, ...headers } });
  const userOf = async (token: string) => (await t.request({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).json<{ first_name: string; second_name: string; email: string; created_at: string }>();

  it('holds the client’s own profile and, on home with their time zone, greets them on their clock', async () => {
    const user = await userOf(client);
    // The test clock stands at 09:00 UTC: 11:00 in Kyiv, 04:00 in New York.
    const kyiv = await page('/ru/home', `token=${client}; tz=Europe/Kyiv`);
    expect(kyiv.statusCode).toBe(200);
    expect(kyiv.headers['cache-control']).toBe('private, no-cache');
    expect(kyiv.body).toContain('<nav>client</nav>');
    expect(kyiv.body).toContain(`<b>${user.first_name} ${user.second_name}</b><i>${user.email}</i>`);
    expect(kyiv.body).toContain(`<h1>Доброе утро, ${user.first_name}</h1>`);
    const since = new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: 'Europe/Kyiv' }).format(new Date(user.created_at));
    expect(kyiv.body).toContain(`<p>С нами с ${since}</p>`);
    expect(kyiv.body).not.toContain('⟦');
    expect((await page('/ru/home', `token=${client}; tz=America/New_York`)).body).toContain(`<h1>Добрый вечер, ${user.first_name}</h1>`);
    // Another screen, or no time zone the server knows: the profile, the loader, no head.
    for (const [url, cookie] of [
      ['/ru/wallet', `token=${client}; tz=Europe/Kyiv`],
      ['/ru/home', `token=${client}`],
      ['/ru/home', `token=${client}; tz=Nowhere/Else`],
    ] as const) {
      const other = await page(url, cookie);
      expect(other.body).toContain(`<b>${user.first_name} ${user.second_name}</b>`);
      expect(other.body).not.toContain('<h1>');
    }
  });

  it('gives staff the staff navigation', async () => {
    const res = await page('/ru/administration/chats', `token=${staff}; tz=Europe/Kyiv`);
    expect(res.body).toContain('<nav>staff</nav>');
    expect(res.body).not.toContain('<nav>client</nav>');
  });

  it('sends the frame drawn before the user is known for a token that names no live session', async () => {
    for (const token of ['not-a-token', `${client.slice(0, -2)}xx`]) {
      const res = await page('/ru/home', `token=${token}; tz=Europe/Kyiv`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<nav>anyone</nav>');
      expect(res.body).not.toContain('class="profile"');
    }
  });

  it('writes a name as text, never as markup', async () => {
    await t.app.services.users.create({ first_name: '<script>alert(1)</script>', second_name: 'O\'Brien & "Co"', email: 'markup@traderoom.test', password: 'a good password', verified: true });
    const token = await t.login('markup@traderoom.test', 'a good password');
    const res = await page('/ru/home', `token=${token}; tz=Europe/Kyiv`);
    expect(res.body).toContain('<b>&lt;script&gt;alert(1)&lt;/script&gt; O&#x27;Brien &amp; &quot;Co&quot;</b>');
    expect(res.body).toContain('<h1>Доброе утро, &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('compresses the page, tags it per visitor, and answers 304 to the tag the visitor holds', async () => {
    const compressed = await page('/ru/home', `token=${client}; tz=Europe/Kyiv`, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe((await page('/ru/home', `token=${client}; tz=Europe/Kyiv`)).body);
    const etag = String(compressed.headers.etag);
    expect((await page('/ru/home', `token=${staff}; tz=Europe/Kyiv`, { 'accept-encoding': 'br' })).headers.etag).not.toBe(etag);
    const again = await page('/ru/home', `token=${client}; tz=Europe/Kyiv`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
