import { z } from 'zod';
import { ARTICLE_CATEGORIES, type Article } from './articles';
import { LOCALES } from './locales';

/** GET /api/articles/getAll?lang=xx (seed): `lang` is one of the interface languages. */
export const articlesQuerySchema = z.object({
  lang: z.enum(LOCALES).optional(),
});

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
}) satisfies z.ZodType<Article>;
