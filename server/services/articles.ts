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
        .selectFrom('articles')
        .select(['id', 'lang', 'slug', 'title', 'excerpt', 'body', 'cover_image', 'category', 'published_at'])
        .where('lang', '=', lang)
        .where('published_at', 'is not', null)
        .where('published_at', '<=', clock().toISOString())
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
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
