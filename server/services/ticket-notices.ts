import type { TicketStaffMember } from '../../contract/tickets.ts';
import type { Notify } from './notifications.ts';
import type { TicketNotify } from './tickets.ts';

/**
 * Ticket steps as notifications (services/notifications.ts): staff hear of a new ticket; the
 * client of a staff answer and of a status change staff made (not of their own reopen or rating).
 */
export function ticketNotices(notify: Notify, staff: () => Promise<TicketStaffMember[]>): TicketNotify {
  return async (notice) => {
    const { ticket } = notice;
    const about = { ticket_id: ticket.id, number: ticket.number, subject: ticket.subject };
    switch (notice.type) {
      case 'ticket.created':
        for (const member of await staff()) {
          await notify(member.id, 'ticket.new', { ...about, category: ticket.category, client: notice.clientName });
        }
        return;
      case 'ticket.staff_replied':
        // A ticket that began in the chat with nobody online: the client was told the answer comes by e-mail.
        await notify(notice.clientId, 'ticket.reply', { ...about, from: notice.from, ...(notice.source === 'chat' ? { answer: notice.body } : {}) });
        return;
      case 'ticket.status_changed':
        if (notice.by === 'staff') await notify(notice.clientId, 'ticket.status', { ...about, status: ticket.status });
    }
  };
}
