import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleSchema } from '../../contract/articles.schema.ts';
import { bearer, CLIENT_EMAIL, DIALECTS, startTestApp, type TestApp } from './support.ts';

describe.each(DIALECTS)('GET /api/articles/getAll on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = await t.login(CLIENT_EMAIL);
  });
  afterAll(() => t.close());

  const getAll = (query: string, headers: Record<string, string> = bearer(token)) =>
    t.request({ method: 'GET', url: `/api/articles/getAll${query}`, headers });

  it.each(['en', 'ru', 'ua'] as const)('lists the seeded articles written in %s, each with every field', async (lang) => {
    const res = await getAll(`?lang=${lang}`);
    expect(res.statusCode).toBe(200);
    const articles = articleSchema.strict().array().parse(res.json());
    expect(articles.length).toBeGreaterThanOrEqual(6);
    expect(articles.every((a) => a.lang === lang)).toBe(true);
    expect(articles.every((a) => a.cover_image.startsWith('/images/articles/'))).toBe(true);
  });

  it('answers each language in its own words, under the same slugs', async () => {
    const [en, ru, ua] = await Promise.all(['en', 'ru', 'ua'].map(async (lang) => (await getAll(`?lang=${lang}`)).json<{ slug: string; title: string }[]>()));
    expect(ru!.map((a) => a.slug)).toEqual(en!.map((a) => a.slug));
    expect(en![0]!.title).toBe('Fed holds rates and signals patience');
    expect(ru![0]!.title).toBe('ФРС сохранила ставку и призвала к терпению');
    expect(ua![0]!.title).toBe('ФРС зберегла ставку й закликала до терпіння');
  });

  it('puts the newest first and leaves out drafts and scheduled articles', async () => {
    const now = t.clock.now();
    const stamps = { created_at: now.toISOString(), updated_at: now.toISOString() };
    const english = async (slug: string, title: string, published_at: string | null) => {
      const { id } = await t.db
        .insertInto('articles')
        .values({ slug, cover_image: '/images/articles/chart.svg', category: 'news', ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('article_translations').values({ article_id: id, lang: 'en', title, excerpt: 'x', body: 'x', published_at, ...stamps }).execute();
    };
    await english('newest', 'Newest', new Date(now.getTime() - 1000).toISOString());
    await english('draft', 'Draft', null);
    await english('tomorrow', 'Tomorrow', new Date(now.getTime() + 86_400_000).toISOString());
    const articles = (await getAll('?lang=en')).json<{ slug: string; published_at: string }[]>();
    expect(articles[0]!.slug).toBe('newest');
    expect(articles.map((a) => a.slug)).not.toContain('draft');
    expect(articles.map((a) => a.slug)).not.toContain('tomorrow');
    const times = articles.map((a) => a.published_at);
    expect(times).toEqual([...times].sort().reverse());
    // Another language does not see it.
    expect((await getAll('?lang=ru')).json<{ slug: string }[]>().map((a) => a.slug)).not.toContain('newest');
  });

  it('uses the request language when lang is absent', async () => {
    const res = await getAll('', { ...bearer(token), 'accept-language': 'uk' });
    expect(res.json<{ lang: string }[]>().every((a) => a.lang === 'ua')).toBe(true);
  });

  it('refuses an unsupported language with 422 in the request language', async () => {
    const res = await getAll('?lang=de', { ...bearer(token), 'accept-language': 'ru' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Выбранное значение поля «язык» недопустимо.',
      errors: { lang: ['Выбранное значение поля «язык» недопустимо.'] },
    });
  });

  it('answers 401 without a token', async () => {
    expect((await getAll('?lang=en', {})).statusCode).toBe(401);
  });
});
