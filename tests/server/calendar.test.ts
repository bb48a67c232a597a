import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCalendarEvent, CalendarEventsAnswer } from '../../contract/calendar.ts';
import type { CalendarChange } from '../../server/services/calendar.ts';
import { addDays } from '../../contract/time-zone.ts';
import { ADMIN_EMAIL, bearer, CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp } from './support.ts';

const EVENT = {
  date: '2031-03-10',
  time: '23:30',
  time_zone: 'UTC',
  country: 'JP',
  currency: 'JPY',
  importance: 3,
  title_en: 'Tokyo Core CPI (YoY)',
  title_ru: 'Базовый индекс потребительских цен Токио (г/г)',
  title_ua: 'Базовий індекс споживчих цін Токіо (р/р)',
  forecast: '2.1%',
  previous: '1.8%',
};

describe.each(DIALECTS)('the economic calendar on $name', (dialect) => {
  let t: TestApp;
  let admin: string;
  let client: string;
  const changes: CalendarChange[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, { hooks: { calendarChanged: (change) => changes.push(change) } });
    admin = await t.login(ADMIN_EMAIL);
    client = await t.login(CLIENT_EMAIL);
  });
  afterAll(() => t.close());

  const create = (body: unknown, token = admin, lang = 'en') =>
    t.post('/api/admin/calendar/events', body, { ...bearer(token), 'accept-language': lang });
  const events = async (query: string, token = client, lang = 'en') => {
    const res = await t.request({ method: 'GET', url: `/api/calendar/events?${query}`, headers: { ...bearer(token), 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CalendarEventsAnswer>();
  };
  const titles = (answer: CalendarEventsAnswer) => answer.events.map((e) => e.title);

  it('lets staff create an event, stored in UTC from the local time given', async () => {
    const res = await create({ ...EVENT, date: '2031-06-02', time: '15:30', time_zone: 'Europe/Kyiv', title_en: 'Kyiv time event' });
    expect(res.statusCode).toBe(201);
    const event = res.json<AdminCalendarEvent>();
    // Kyiv is UTC+3 in summer.
    expect(event).toMatchObject({ starts_at: '2031-06-02T12:30:00.000Z', currency: 'JPY', importance: 3, actual: null, forecast: '2.1%' });
    expect(changes).toContainEqual({ type: 'created', id: event.id });
  });

  it('shows an event at 23:30 UTC on the next day in Kyiv and on the same day in New York', async () => {
    const created = (await create(EVENT)).json<AdminCalendarEvent>();
    expect(created.starts_at).toBe('2031-03-10T23:30:00.000Z');
    const kyivMonday = await events('date=2031-03-10&time_zone=Europe/Kyiv');
    const kyivTuesday = await events('date=2031-03-11&time_zone=Europe/Kyiv');
    const newYorkMonday = await events('date=2031-03-10&time_zone=America/New_York');
    const newYorkTuesday = await events('date=2031-03-11&time_zone=America/New_York');
    expect(kyivMonday.events.map((e) => e.id)).not.toContain(created.id);
    expect(kyivTuesday.events.map((e) => e.id)).toContain(created.id);
    expect(newYorkMonday.events.map((e) => e.id)).toContain(created.id);
    expect(newYorkTuesday.events.map((e) => e.id)).not.toContain(created.id);
    // The range is the local day in UTC: Kyiv UTC+2 in March, New York UTC−4 after its DST change.
    expect(kyivTuesday).toMatchObject({ from: '2031-03-10T22:00:00.000Z', to: '2031-03-11T22:00:00.000Z', time_zone: 'Europe/Kyiv' });
    expect(newYorkMonday).toMatchObject({ from: '2031-03-10T04:00:00.000Z', to: '2031-03-11T04:00:00.000Z' });
  });

  it('answers titles in the request language', async () => {
    expect(titles(await events('date=2031-03-10&time_zone=UTC', client, 'ua'))).toContain('Базовий індекс споживчих цін Токіо (р/р)');
    expect(titles(await events('date=2031-03-10&time_zone=UTC', client, 'ru'))).toContain('Базовый индекс потребительских цен Токио (г/г)');
  });

  it('filters by currency and importance, and covers a week with days=7', async () => {
    await create({ ...EVENT, date: '2031-03-12', time: '13:30', country: 'US', currency: 'USD', importance: 2, title_en: 'US retail sales' });
    await create({ ...EVENT, date: '2031-03-13', time: '09:00', country: 'DE', currency: 'EUR', importance: 1, title_en: 'German ZEW' });
    const week = await events('date=2031-03-10&days=7&time_zone=UTC');
    expect(titles(week)).toEqual(['Tokyo Core CPI (YoY)', 'US retail sales', 'German ZEW']);
    expect(titles(await events('date=2031-03-10&days=7&time_zone=UTC&currencies=USD,EUR'))).toEqual(['US retail sales', 'German ZEW']);
    expect(titles(await events('date=2031-03-10&days=7&time_zone=UTC&importance=2,3'))).toEqual(['Tokyo Core CPI (YoY)', 'US retail sales']);
    expect(titles(await events('date=2031-03-10&days=7&time_zone=UTC&currencies=USD&importance=3'))).toEqual([]);
  });

  it('refuses a bad range with field errors', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/calendar/events?date=2031-02-30&days=30&time_zone=Mars/Olympus&currencies=USD,XXX',
      headers: { ...bearer(client), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      date: ['The date field must be a valid date.'],
      days: ['The selected days is invalid.'],
      time_zone: ['The time zone field must be a valid timezone.'],
      currencies: ['The selected currencies is invalid.'],
    });
  });

  it('lets staff edit and delete an event, and answers 404 for one that is gone', async () => {
    const created = (await create({ ...EVENT, date: '2031-04-01', title_en: 'Before edit' })).json<AdminCalendarEvent>();
    const url = `/api/admin/calendar/events/${created.id}`;
    const edited = await t.request({ method: 'PUT', url, payload: { ...EVENT, date: '2031-04-01', title_en: 'After edit', actual: '2.4%' }, headers: bearer(admin) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title_en: 'After edit', actual: '2.4%' });
    expect(titles(await events('date=2031-04-01&time_zone=UTC'))).toEqual(['After edit']);
    expect((await t.request({ method: 'DELETE', url, headers: bearer(admin) })).statusCode).toBe(204);
    expect(titles(await events('date=2031-04-01&time_zone=UTC'))).toEqual([]);
    expect((await t.request({ method: 'DELETE', url, headers: bearer(admin) })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url, payload: EVENT, headers: bearer(admin) })).statusCode).toBe(404);
    expect(changes).toEqual(expect.arrayContaining([{ type: 'updated', id: created.id }, { type: 'deleted', id: created.id }]));
  });

  it('refuses every write from a client with 403, and changes nothing', async () => {
    const before = await events('date=2031-03-10&days=7&time_zone=UTC');
    const forbidden = { message: 'This action is unauthorized.' };
    const post = await create(EVENT, client);
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual(forbidden);
    const id = before.events[0]!.id;
    const put = await t.request({ method: 'PUT', url: `/api/admin/calendar/events/${id}`, payload: EVENT, headers: bearer(client) });
    const del = await t.request({ method: 'DELETE', url: `/api/admin/calendar/events/${id}`, headers: bearer(client) });
    const list = await t.request({ method: 'GET', url: '/api/admin/calendar/events?date=2031-03-10', headers: bearer(client) });
    expect([put.statusCode, del.statusCode, list.statusCode]).toEqual([403, 403, 403]);
    expect(await events('date=2031-03-10&days=7&time_zone=UTC')).toEqual(before);
    expect((await t.post('/api/admin/calendar/events', EVENT)).statusCode).toBe(401);
  });

  it('validates an event with translated field errors', async () => {
    const res = await create(
      { date: '2031-13-01', time: '25:00', time_zone: 'UTC', country: 'XX', currency: 'usd', importance: 4, title_en: '', title_ru: 'x', title_ua: 'x'.repeat(201), actual: 'x'.repeat(21) },
      admin,
      'ua',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      date: ['Поле «дата» має бути коректною датою.'],
      time: ['Поле «час» має бути коректним часом (ГГ:ХХ).'],
      country: ['Вибране значення поля «країна» неприпустиме.'],
      currency: ['Вибране значення поля «валюта» неприпустиме.'],
      importance: ['Вибране значення поля «важливість» неприпустиме.'],
      title_en: ['Поле «назва (англійською)» є обов’язковим.'],
      title_ua: ['Поле «назва (українською)» має містити не більше ніж 200 символів.'],
      actual: ['Поле «факт» має містити не більше ніж 20 символів.'],
    });
  });

  it('keeps each user’s calendar settings, with defaults until they choose', async () => {
    const get = async (token: string) => (await t.request({ method: 'GET', url: '/api/calendar/settings', headers: bearer(token) })).json();
    expect(await get(client)).toEqual({ currencies: ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'CNY', 'UAH'], importance: [1, 2, 3], time_zone: null });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/calendar/settings',
      payload: { currencies: ['EUR', 'USD'], importance: [3, 2], time_zone: 'America/New_York' },
      headers: bearer(client),
    });
    expect(saved.statusCode).toBe(200);
    expect(await get(client)).toEqual({ currencies: ['EUR', 'USD'], importance: [2, 3], time_zone: 'America/New_York' });
    // Another user still has the defaults.
    expect((await get(admin)).time_zone).toBeNull();
    const back = await t.request({ method: 'PUT', url: '/api/calendar/settings', payload: { currencies: ['EUR'], importance: [1], time_zone: null }, headers: bearer(client) });
    expect(back.json()).toEqual({ currencies: ['EUR'], importance: [1], time_zone: null });
  });

  it('refuses settings that follow nothing or an unknown zone', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/calendar/settings',
      payload: { currencies: [], importance: [5], time_zone: 'Nowhere/City' },
      headers: { ...bearer(client), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      currencies: ['The currencies field is required.'],
      importance: ['The selected importance is invalid.'],
      time_zone: ['The time zone field must be a valid timezone.'],
    });
  });

  it('has a demo fortnight around the day it was seeded, with actual figures only for past releases', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const thisWeek = await events(`date=${today}&days=7&time_zone=UTC`);
    const lastWeek = await events(`date=${addDays(today, -7)}&days=7&time_zone=UTC`);
    expect(thisWeek.events.length).toBeGreaterThan(10);
    expect(lastWeek.events.length).toBeGreaterThan(10);
    expect(lastWeek.events.some((e) => e.actual !== null)).toBe(true);
    const now = Date.now();
    expect(thisWeek.events.filter((e) => Date.parse(e.starts_at) > now).every((e) => e.actual === null)).toBe(true);
  });
});
