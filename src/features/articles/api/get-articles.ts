import { queryOptions } from '@tanstack/react-query';
import type { Article } from '../../../../contract/articles';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';

/** GET /api/articles/getAll?lang= (seed). Skeletons show the wait, so the page loader stays out of it. */
export function getArticles(lang: Locale): Promise<Article[]> {
  return request<Article[]>('/api/articles/getAll', { query: { lang }, loader: false });
}

export const articlesQuery = (lang: Locale) =>
  queryOptions({ queryKey: ['articles', lang] as const, queryFn: () => getArticles(lang) });
