import type { Locale } from './locales';

export const ARTICLE_CATEGORIES = ['news', 'education', 'analysis'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** One article of GET /api/articles/getAll; `body` is Markdown. */
export interface Article {
  id: number;
  lang: Locale;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover_image: string;
  category: ArticleCategory;
  published_at: string;
}
