import { setup } from 'xstate';
import { TICKET_REOPEN_MS } from '../../contract/tickets';

/**
 * Each event carries what its guard needs (docs/adr/0082: flat states, no context): `at` is when
 * the step is asked for (the server's clock), `resolved_at` the ticket's last resolution, `rated`
 * whether that resolution is rated already.
 */
export type TicketEvent =
  | { type: 'client.reply' }
  | { type: 'client.reopen'; at: string; resolved_at: string | null }
  | { type: 'client.rate'; score: number; rated: boolean }
  | { type: 'staff.reply' }
  | { type: 'staff.await_client' }
  | { type: 'staff.await_staff' }
  | { type: 'staff.resolve' }
  | { type: 'staff.reopen' }
  | { type: 'staff.close' };

export type TicketEventType = TicketEvent['type'];

export const ticketEvents = {
  'client.reply': 'the client writes in the thread: a ticket waiting for them goes back to staff',
  'client.reopen': 'the client reopens a resolved ticket, within 7 days of its resolution',
  'client.rate': 'the client rates the resolution, 1 to 5, once per resolution',
  'staff.reply': 'staff answer in the thread (a note is no step): the ticket waits for the client',
  'staff.await_client': 'staff mark the ticket as waiting for the client',
  'staff.await_staff': 'staff mark the ticket as waiting for staff',
  'staff.resolve': 'staff resolve the ticket; the reopen window starts',
  'staff.reopen': 'staff reopen a resolved ticket, at any time',
  'staff.close': 'staff close the ticket for good',
} as const satisfies Record<TicketEventType, string>;

export const ticketEmitted = {} as const;

/** Who may send each event: a client's call never carries a staff event, and the reverse. */
export const TICKET_EVENT_ROLES: Readonly<Record<TicketEventType, 'client' | 'staff'>> = {
  'client.reply': 'client',
  'client.reopen': 'client',
  'client.rate': 'client',
  'staff.reply': 'staff',
  'staff.await_client': 'staff',
  'staff.await_staff': 'staff',
  'staff.resolve': 'staff',
  'staff.reopen': 'staff',
  'staff.close': 'staff',
};

/** The reopen window is open at `at`: resolved at most 7 days before. */
export function withinReopenWindow(resolvedAt: string | null, at: string): boolean {
  if (resolvedAt === null) return false;
  const elapsed = Date.parse(at) - Date.parse(resolvedAt);
  return elapsed >= 0 && elapsed <= TICKET_REOPEN_MS;
}

/** The end of the reopen window, or null when the ticket was never resolved. */
export function reopenUntil(resolvedAt: string | null): string | null {
  return resolvedAt === null ? null : new Date(Date.parse(resolvedAt) + TICKET_REOPEN_MS).toISOString();
}

const working = {
  'client.reply': 'awaiting_staff',
  'staff.reply': 'awaiting_client',
  'staff.resolve': 'resolved',
  'staff.close': 'closed',
} as const;

/**
 * A support ticket's life (docs/adr/0082). The state values are the statuses stored in
 * `tickets.status`: the server resolves a row's state and asks this machine whether a step is
 * allowed and where it leads (server/services/lifecycle.ts); the app asks the same to offer
 * only the steps possible now. Pure: no context, no actors, no delays.
 */
export const ticketMachine = setup({
  types: {
    events: {} as TicketEvent,
  },
  guards: {
    inReopenWindow: ({ event }) => event.type === 'client.reopen' && withinReopenWindow(event.resolved_at, event.at),
    // One rating per resolution: a reopened, again resolved ticket may be rated again.
    canRate: ({ event }) => event.type === 'client.rate' && !event.rated && Number.isInteger(event.score) && event.score >= 1 && event.score <= 5,
  },
}).createMachine({
  id: 'ticket',
  initial: 'open',
  states: {
    // New: nobody on the staff has answered yet; the client may add to it.
    open: {
      on: { ...working, 'client.reply': 'open', 'staff.await_client': 'awaiting_client' },
    },
    awaiting_staff: {
      on: { ...working, 'staff.await_client': 'awaiting_client' },
    },
    awaiting_client: {
      on: { ...working, 'staff.await_staff': 'awaiting_staff' },
    },
    resolved: {
      on: {
        'client.reopen': { guard: 'inReopenWindow', target: 'awaiting_staff' },
        'client.rate': { guard: 'canRate', target: 'resolved' },
        'staff.reopen': 'awaiting_staff',
        'staff.close': 'closed',
      },
    },
    // Closed for good; a resolution closed before the client rated it may still be rated.
    closed: {
      on: { 'client.rate': { guard: 'canRate', target: 'closed' } },
    },
  },
});

export type TicketMachine = typeof ticketMachine;
