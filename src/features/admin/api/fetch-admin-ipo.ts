import { queryOptions } from '@tanstack/react-query';
import type { AdminIpoOffering, IpoAllocationPreview, IpoStaffTimeline } from '../../../../contract/ipo';
import type { IpoStaffStep } from '../../../../machines/ipo-offering/ipo-offering.selectors';
import { request, upload, type UploadProgress } from '../../../lib/http';

export const adminIpoKeys = { all: ['admin', 'ipo'] as const };

/** GET /api/admin/ipo/offerings: every offering with its book. */
export const adminIpoOfferingsQuery = () =>
  queryOptions({
    queryKey: adminIpoKeys.all,
    queryFn: () => request<AdminIpoOffering[]>('/api/admin/ipo/offerings', { loader: false }),
    staleTime: 0,
  });

/** Staff's form as the API takes it: amounts as decimal text, times as ISO UTC, texts per language. */
export interface IpoOfferingFields {
  company: string;
  ticker: string;
  prospectus_url: string | null;
  currency_id: number | string;
  price_min: string;
  price_max: string;
  shares_offered: number | string;
  min_application: string;
  max_application: string;
  opens_at: string;
  closes_at: string;
  allocation_at: string;
  lockup_days: number | string;
  texts: Record<string, { description: string; risk: string }>;
}

/** POST /api/admin/ipo/offerings, or PUT …/{id} for an existing one. */
export const saveIpoOffering = (id: number | null, body: IpoOfferingFields) =>
  request<AdminIpoOffering>(id === null ? '/api/admin/ipo/offerings' : `/api/admin/ipo/offerings/${id}`, { method: id === null ? 'POST' : 'PUT', body });

/** POST …/{id}/steps */
export const stepIpoOffering = (id: number, event: IpoStaffStep, reason?: string) =>
  request<AdminIpoOffering>(`/api/admin/ipo/offerings/${id}/steps`, { method: 'POST', body: { event, ...(reason ? { reason } : {}) } });

/** POST …/{id}/price */
export const priceIpoOffering = (id: number, price: string, hours?: number) =>
  request<AdminIpoOffering>(`/api/admin/ipo/offerings/${id}/price`, { method: 'POST', body: { price, ...(hours ? { hours } : {}) } });

/** POST …/{id}/allocation/preview, or …/{id}/allocate when `apply`. */
export const allocateIpoOffering = (id: number, perClientMax: number | null, apply: boolean) =>
  request<IpoAllocationPreview>(`/api/admin/ipo/offerings/${id}/${apply ? 'allocate' : 'allocation/preview'}`, { method: 'POST', body: { per_client_max: perClientMax } });

/** GET …/{id}/timeline: each lifecycle step with who made it. */
export const adminIpoTimelineQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminIpoKeys.all, id, 'timeline'] as const,
    queryFn: () => request<IpoStaffTimeline>(`/api/admin/ipo/offerings/${id}/timeline`, { loader: false }),
    staleTime: 0,
  });

/** POST …/{id}/prospectus (multipart: file, a PDF), with upload progress. */
export function uploadIpoProspectus(id: number, file: File, onProgress: (progress: UploadProgress) => void): Promise<AdminIpoOffering> {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<AdminIpoOffering>(`/api/admin/ipo/offerings/${id}/prospectus`, body, { onProgress });
}
