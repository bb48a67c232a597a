import type { Locale } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { servicesQuery } from './api/get-services';

/** A route loader's part: the catalogue arrives before the screen switches (a failure is the screen's to show). */
export function preloadServices(lang: Locale): Promise<void> {
  return queryClient.prefetchQuery(servicesQuery(lang));
}
