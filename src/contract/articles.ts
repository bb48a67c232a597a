import { z } from 'zod';
import { LOCALES } from './locales';

export const ARTICLE_CATEGORIES = ['news', 'education', 'analysis'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** GET /api/articles/getAll?lang=xx (seed): `lang` is one of the interface languages. */
export const articlesQuerySchema = z.object({
  lang: z.enum(LOCALES).optional(),
});

/** One article of GET /api/articles/getAll; `body` is Markdown. */
export const articleSchema = z.object({
  id: z.number().int(),
  lang: z.enum(LOCALES),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  cover_image: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  published_at: z.string(),
});
export type Article = z.infer<typeof articleSchema>;
