import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../../contract/locales';
import type { ServiceOffer } from '../../../../contract/services';
import { request } from '../../../lib/http';

/** GET /api/services, titled in the current language (Accept-Language). */
export const servicesQuery = (lang: Locale) =>
  queryOptions({
    queryKey: ['services', lang] as const,
    queryFn: () => request<ServiceOffer[]>('/api/services', { loader: false }),
  });
