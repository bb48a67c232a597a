import type { TicketCategory } from '../../contract/tickets.ts';
import type { StoredServiceRequest } from './service-requests.ts';
import type { TicketService } from './tickets.ts';

/** The ticket category of each service in the catalogue (server/db/content/service-catalog.ts); others are `other`. */
const SERVICE_CATEGORIES: Readonly<Record<string, TicketCategory>> = {
  'personal-manager': 'account',
  vps: 'trading',
  'trading-signals': 'trading',
  'risk-review': 'trading',
  education: 'other',
};

export const serviceCategory = (code: string): TicketCategory => SERVICE_CATEGORIES[code] ?? 'other';

/**
 * A service request as a ticket of its category, written by the system in the client's language:
 * the subject is the service's title, the message the client's note (or the title again).
 */
export async function ticketFromServiceRequest(tickets: TicketService, request: StoredServiceRequest): Promise<void> {
  await tickets.create({
    userId: request.user_id,
    category: serviceCategory(request.service.code),
    subject: request.service.title,
    message: request.note ?? request.service.title,
    files: [],
    source: 'service_request',
    serviceRequestId: request.id,
  });
}
