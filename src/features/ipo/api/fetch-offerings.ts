import { queryOptions } from '@tanstack/react-query';
import type { IpoOfferingView } from '../../../../contract/ipo';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';

export const ipoKeys = { all: ['ipo'] as const };

/** GET /api/ipo/offerings: upcoming, open and past offerings with the client's application in each. */
export const offeringsQuery = (lang: Locale) =>
  queryOptions({
    queryKey: [...ipoKeys.all, 'offerings', lang] as const,
    queryFn: () => request<IpoOfferingView[]>('/api/ipo/offerings', { loader: false }),
    staleTime: 0,
  });
