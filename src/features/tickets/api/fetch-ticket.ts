import { queryOptions } from '@tanstack/react-query';
import type { Ticket } from '../../../../contract/tickets';
import { request } from '../../../lib/http';
import { ticketKeys } from './fetch-tickets';

/** GET /api/tickets/{id}: one of the client's tickets with its thread and timeline. */
export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: [...ticketKeys.all, 'one', id] as const,
    queryFn: () => request<Ticket>(`/api/tickets/${id}`, { loader: false }),
    staleTime: 0,
    retry: false,
  });
