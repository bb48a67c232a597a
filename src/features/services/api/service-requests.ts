import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../../contract/locales';
import type { ServiceRequest, ServiceRequestBody } from '../../../../contract/services';
import { request } from '../../../lib/http';

/** GET /api/service-requests: the signed-in client's requests, newest first. */
export const serviceRequestsQuery = (lang: Locale) =>
  queryOptions({
    queryKey: ['service-requests', lang] as const,
    queryFn: () => request<ServiceRequest[]>('/api/service-requests', { loader: false }),
  });

/** POST /api/service-requests → 201 the stored request; 422 with field errors. */
export function createServiceRequest(body: ServiceRequestBody): Promise<ServiceRequest> {
  return request<ServiceRequest>('/api/service-requests', { method: 'POST', body });
}
