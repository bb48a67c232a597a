import type { Locale } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { articlesQuery } from './api/get-articles';

/** A route loader's part: the articles arrive before the screen switches (a failure is the screen's to show). */
export function preloadArticles(lang: Locale): Promise<void> {
  return queryClient.prefetchQuery(articlesQuery(lang));
}
