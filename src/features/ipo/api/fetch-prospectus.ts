import { request } from '../../../lib/http';

/**
 * GET /api/ipo/offerings/{id}/prospectus as a Blob: the call needs the bearer token, which a plain
 * link cannot send, so the PDF is fetched and handed to the browser from a blob: address.
 */
export function fetchProspectus(offeringId: number): Promise<Blob> {
  return request<Blob>(`/api/ipo/offerings/${offeringId}/prospectus`, { responseType: 'blob' } as never);
}
