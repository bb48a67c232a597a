import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceOffer, ServiceRequest } from '../../contract/services.ts';
import type { StoredServiceRequest } from '../../server/services/service-requests.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, fakeDate, startTestApp, type TestApp } from './support.ts';

describe.each(DIALECTS)('services and service requests on $name', (dialect) => {
  let t: TestApp;
  let client: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    client = await t.login(CLIENT_EMAIL);
    other = await t.login('second@traderoom.test');
  });
  afterAll(() => t.close());
  afterEach(() => void vi.useRealTimers());

  const offers = async (lang: string) =>
    (await t.request({ method: 'GET', url: '/api/services', headers: { ...bearer(client), 'accept-language': lang } })).json<ServiceOffer[]>();
  const requests = async (token: string, lang = 'en') =>
    (await t.request({ method: 'GET', url: '/api/service-requests', headers: { ...bearer(token), 'accept-language': lang } })).json<ServiceRequest[]>();
  const send = (token: string, body: unknown, lang = 'en') => t.post('/api/service-requests', body, { ...bearer(token), 'accept-language': lang });

  it('lists the catalogue in the request language', async () => {
    const en = await offers('en');
    expect(en.map((s) => s.code)).toEqual(['personal-manager', 'vps', 'trading-signals', 'education', 'risk-review']);
    expect(en[1]!.title).toBe('VPS for trading platforms');
    expect((await offers('ua'))[0]!.title).toBe('Консультація персонального менеджера');
    expect((await offers('ru'))[2]!.title).toBe('Торговые сигналы');
  });

  it('stores a request with its note and lists it for its owner only, newest first', async () => {
    const [manager, vps] = await offers('en');
    const first = await send(client, { service_id: manager!.id, note: '  Please call after 15:00  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ service: { id: manager!.id, code: 'personal-manager' }, note: 'Please call after 15:00', status: 'received' });
    t.clock.advance(60_000);
    expect((await send(client, { service_id: vps!.id })).json()).toMatchObject({ note: null });

    const mine = await requests(client, 'ru');
    expect(mine.map((r) => r.service.code)).toEqual(['vps', 'personal-manager']);
    expect(mine[0]!.service.title).toBe('VPS для торговых платформ');
    expect(await requests(other)).toEqual([]);
  });

  it('refuses an unknown service and an over-long note with field errors', async () => {
    const unknown = await send(client, { service_id: 9999 }, 'ua');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ service_id: ['Вибране значення поля «послуга» неприпустиме.'] });
    const long = await send(client, { service_id: (await offers('en'))[0]!.id, note: 'x'.repeat(1001) });
    expect(long.json().errors).toEqual({ note: ['The note field must not be greater than 1000 characters.'] });
    const missing = await send(client, {});
    expect(missing.json().errors).toEqual({ service_id: ['The service field is required.'] });
  });

  it("posts a request into the client's support chat, where the manager works", async () => {
    const res = await t.post('/api/service-requests', { service_id: 2, note: 'A server close to London, please' }, bearer(other));
    expect(res.statusCode).toBe(201);
    const stored = res.json<ServiceRequest>();
    const room = (await t.post('/api/chat/room/find', undefined, bearer(other))).json<{ message_all: Array<{ message: string; user_id: number | null }> }>();
    const posted = room.message_all.at(-1)!;
    // From the staff's side (no author), naming the request, its service and the client's note.
    expect(posted.user_id).toBeNull();
    expect(posted.message).toBe(`Service request #${stored.id}: ${stored.service.title}\nA server close to London, please`);
  });

  it("writes the request's message in the language the client asked in", async () => {
    for (const [lang, heading] of [
      ['ru', 'Заявка на услугу №'],
      ['ua', 'Заявка на послугу №'],
    ] as const) {
      const res = await send(other, { service_id: 2, note: 'Ближе к Лондону' }, lang);
      const stored = res.json<ServiceRequest>();
      const room = (await t.post('/api/chat/room/find', undefined, bearer(other))).json<{ message_all: Array<{ message: string }> }>();
      expect(room.message_all.at(-1)!.message).toBe(`${heading}${stored.id}: ${stored.service.title}\nБлиже к Лондону`);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.post('/api/service-requests', { service_id: 1 })).statusCode).toBe(401);
  });

  it('refuses an eleventh request within an hour with 429, for that user only, until the hour is over', async () => {
    fakeDate();
    const flooder = await t.login(ADMIN_EMAIL);
    for (let i = 0; i < 10; i++) expect((await send(flooder, { service_id: 1 })).statusCode).toBe(201);
    const refused = await send(flooder, { service_id: 1 }, 'ru');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Слишком много попыток.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(other, { service_id: 1 })).statusCode).toBe(201);
    t.clock.advance(3_600_000);
    expect((await send(flooder, { service_id: 1 })).statusCode).toBe(201);
  });
});

describe.each(DIALECTS)('the staff notification hook on $name', (dialect) => {
  it('is called with the stored request, and its failure does not undo the request', async () => {
    const seen: StoredServiceRequest[] = [];
    let fail = false;
    const t = await startTestApp(dialect, {
      hooks: {
        notifyStaff: async (request) => {
          seen.push(request);
          if (fail) throw new Error('chat is down');
        },
      },
    });
    try {
      const token = await t.login(ADMIN_EMAIL);
      const res = await t.post('/api/service-requests', { service_id: 1, note: 'VPS please' }, bearer(token));
      expect(res.statusCode).toBe(201);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id: res.json().id, note: 'VPS please', service: { code: 'personal-manager' } });
      expect(seen[0]!.user_id).toBeGreaterThan(0);
      fail = true;
      const errors: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => errors.push(args);
      try {
        expect((await t.post('/api/service-requests', { service_id: 1 }, bearer(token))).statusCode).toBe(201);
      } finally {
        console.error = original;
      }
      expect(errors).toHaveLength(1);
      const listed = (await t.request({ method: 'GET', url: '/api/service-requests', headers: bearer(token) })).json<unknown[]>();
      expect(listed).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
