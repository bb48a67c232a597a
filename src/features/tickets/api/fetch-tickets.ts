import { queryOptions } from '@tanstack/react-query';
import type { TicketSummary } from '../../../../contract/tickets';
import { request } from '../../../lib/http';

export const ticketKeys = { all: ['tickets'] as const };

/** GET /api/tickets: the client's tickets, latest activity first. */
export const ticketsQuery = () =>
  queryOptions({
    queryKey: [...ticketKeys.all, 'mine'] as const,
    queryFn: () => request<TicketSummary[]>('/api/tickets', { loader: false }),
    staleTime: 0,
  });
