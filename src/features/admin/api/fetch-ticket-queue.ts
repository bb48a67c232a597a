import { queryOptions } from '@tanstack/react-query';
import type { AdminTicketSummary, TicketAge, TicketCategory, TicketStatus } from '../../../../contract/tickets';
import { request } from '../../../lib/http';

/** The staff's queue filters (validated search params of the route). */
export interface TicketQueueSearch {
  status?: TicketStatus;
  category?: TicketCategory;
  assignee?: number | 'me' | 'none';
  age?: TicketAge;
}

export const adminTicketKeys = { all: ['admin', 'tickets'] as const };

/** GET /api/admin/tickets?status=&category=&assignee=&age= */
export const ticketQueueQuery = (search: TicketQueueSearch) =>
  queryOptions({
    queryKey: [...adminTicketKeys.all, 'queue', search] as const,
    queryFn: () => request<AdminTicketSummary[]>('/api/admin/tickets', { query: { ...search }, loader: false }),
    staleTime: 0,
  });
