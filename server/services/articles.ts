import type { Article, ArticleCategory } from '../../contract/articles.ts';
import type { Locale } from '../../contract/locales.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface ArticleService {
  /** Published articles in `lang` (drafts and scheduled ones left out), newest first. */
  published(lang: Locale): Promise<Article[]>;
}

export function createArticleService({ db, clock }: { db: Db; clock: Clock }): ArticleService {
  return {
    async published(lang) {
      const rows = await db
        .selectFrom('article_translations as t')
        .innerJoin('articles as a', 'a.id', 't.article_id')
        .select(['t.id', 't.lang', 'a.slug', 't.title', 't.excerpt', 't.body', 'a.cover_image', 'a.category', 't.published_at'])
        .where('t.lang', '=', lang)
        .where('t.published_at', 'is not', null)
        .where('t.published_at', '<=', clock().toISOString())
        .orderBy('t.published_at', 'desc')
        .orderBy('t.id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...row,
        lang: row.lang as Locale,
        category: row.category as ArticleCategory,
        published_at: row.published_at!,
      }));
    },
  };
}
