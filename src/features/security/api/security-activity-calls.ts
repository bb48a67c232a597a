import { queryOptions } from '@tanstack/react-query';
import type { SecurityEventPage } from '../../../../contract/security-activity';
import { request } from '../../../lib/http';

/** GET /api/security/activity: the caller's sign-ins and security changes of the last 90 days. */
export const fetchSecurityActivity = (page: number) => request<SecurityEventPage>(`/api/security/activity?page=${page}`, { loader: false });

export const securityActivityKeys = { all: ['security', 'activity'] as const, page: (page: number) => ['security', 'activity', page] as const };

export const securityActivityQuery = (page: number) =>
  queryOptions({ queryKey: securityActivityKeys.page(page), queryFn: () => fetchSecurityActivity(page), staleTime: 5_000, retry: false });
