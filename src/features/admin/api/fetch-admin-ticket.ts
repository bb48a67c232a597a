import { queryOptions } from '@tanstack/react-query';
import type { AdminTicket, TicketStaffMember } from '../../../../contract/tickets';
import { request } from '../../../lib/http';
import { adminTicketKeys } from './fetch-ticket-queue';

/** GET /api/admin/tickets/{id}: the thread with the notes, the client and the times. */
export const adminTicketQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminTicketKeys.all, 'one', id] as const,
    queryFn: () => request<AdminTicket>(`/api/admin/tickets/${id}`, { loader: false }),
    staleTime: 0,
    retry: false,
  });

/** GET /api/admin/tickets/staff: who can be assigned a ticket. */
export const ticketStaffQuery = () =>
  queryOptions({
    queryKey: [...adminTicketKeys.all, 'staff'] as const,
    queryFn: () => request<TicketStaffMember[]>('/api/admin/tickets/staff', { loader: false }),
    staleTime: 5 * 60_000,
  });
