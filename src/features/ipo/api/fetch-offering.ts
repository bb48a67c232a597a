import { queryOptions } from '@tanstack/react-query';
import type { IpoOfferingView } from '../../../../contract/ipo';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';
import { ipoKeys } from './fetch-offerings';

/** GET /api/ipo/offerings/{id}: the offering in the reader's language and the client's application. */
export const offeringQuery = (id: number, lang: Locale) =>
  queryOptions({
    queryKey: [...ipoKeys.all, 'offering', id, lang] as const,
    queryFn: () => request<IpoOfferingView>(`/api/ipo/offerings/${id}`, { loader: false }),
    staleTime: 0,
    retry: false,
  });
