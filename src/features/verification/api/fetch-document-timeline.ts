import { queryOptions } from '@tanstack/react-query';
import type { Timeline } from '../../../../contract/lifecycle';
import { request } from '../../../lib/http';

/** GET /api/verification/documents/{id}/timeline: uploaded, under review, approved or rejected with the reason. */
export function fetchDocumentTimeline(id: number): Promise<Timeline> {
  // The timeline shows its own placeholder where it opens; the page around it stays.
  return request<Timeline>(`/api/verification/documents/${id}/timeline`, { loader: false });
}

export const documentTimelineQuery = (id: number) =>
  queryOptions({
    queryKey: ['verification', 'timeline', id] as const,
    queryFn: () => fetchDocumentTimeline(id),
  });
