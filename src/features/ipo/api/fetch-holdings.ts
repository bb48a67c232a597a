import { queryOptions } from '@tanstack/react-query';
import type { IpoApplication, IpoOffering } from '../../../../contract/ipo';
import type { Locale } from '../../../../contract/locales';
import { request } from '../../../lib/http';
import { ipoKeys } from './fetch-offerings';

export interface IpoHolding {
  application: IpoApplication;
  offering: IpoOffering;
}

/** GET /api/ipo/holdings: money held for applications and allocations of offerings not listed yet. */
export const holdingsQuery = (lang: Locale) =>
  queryOptions({
    queryKey: [...ipoKeys.all, 'holdings', lang] as const,
    queryFn: () => request<IpoHolding[]>('/api/ipo/holdings', { loader: false }),
    staleTime: 0,
  });
