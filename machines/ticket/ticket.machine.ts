import { assign, setup } from 'xstate';
import { TICKET_REOPEN_MS } from '../../contract/tickets';

/**
 * What a ticket remembers beyond its status: when it was last resolved (the reopen window runs
 * from then) and whether the client has rated that resolution.
 */
export interface TicketContext {
  resolvedAt: string | null;
  rated: boolean;
}

export interface TicketInput {
  resolvedAt?: string | null;
  rated?: boolean;
}

/** `at` is when the step is asked for (the server's clock): the reopen window is checked against it. */
export type TicketEvent =
  | { type: 'client.reply' }
  | { type: 'client.reopen'; at: string }
  | { type: 'client.rate'; score: number }
  | { type: 'staff.reply' }
  | { type: 'staff.await_client' }
  | { type: 'staff.await_staff' }
  | { type: 'staff.resolve'; at: string }
  | { type: 'staff.reopen' }
  | { type: 'staff.close' };

export type TicketEventType = TicketEvent['type'];

export const ticketEvents = {
  'client.reply': 'the client writes in the thread: a ticket waiting for them goes back to staff',
  'client.reopen': 'the client reopens a resolved ticket, within 7 days of its resolution',
  'client.rate': 'the client rates the resolution, 1 to 5, once per resolution',
  'staff.reply': 'staff answer in the thread (not a note): the ticket waits for the client',
  'staff.await_client': 'staff mark the ticket as waiting for the client',
  'staff.await_staff': 'staff mark the ticket as waiting for staff',
  'staff.resolve': 'staff resolve the ticket; the reopen window starts',
  'staff.reopen': 'staff reopen a resolved ticket, at any time',
  'staff.close': 'staff close the ticket for good',
} as const satisfies Record<TicketEventType, string>;

export const ticketEmitted = {} as const;

/** Who may send each event: the server refuses a client's staff event (403) before the machine is asked. */
export const TICKET_EVENT_ROLES: Record<TicketEventType, 'client' | 'staff'> = {
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
  'client.reply': { target: 'awaiting_staff' },
  'staff.reply': { target: 'awaiting_client' },
  'staff.resolve': { target: 'resolved', actions: 'markResolved' },
  'staff.close': { target: 'closed' },
} as const;

/**
 * A support ticket's life. The state values are the statuses stored in `tickets.status`: the
 * server resolves a row's state (`ticketSnapshot`) and asks this machine whether a step is
 * allowed and where it leads; the app asks the same to show only the steps possible now.
 * No actors, no delays: every input arrives in the event.
 */
export const ticketMachine = setup({
  types: {
    input: {} as TicketInput,
    context: {} as TicketContext,
    events: {} as TicketEvent,
  },
  guards: {
    canReopen: ({ context, event }) => event.type === 'client.reopen' && withinReopenWindow(context.resolvedAt, event.at),
    // Once per resolution: a reopened and again resolved ticket may be rated again.
    canRate: ({ context, event }) =>
      event.type === 'client.rate' && context.resolvedAt !== null && !context.rated && Number.isInteger(event.score) && event.score >= 1 && event.score <= 5,
  },
  actions: {
    markResolved: assign({ resolvedAt: ({ event }) => (event.type === 'staff.resolve' ? event.at : null), rated: false }),
    markRated: assign({ rated: true }),
  },
}).createMachine({
  id: 'ticket',
  context: ({ input }) => ({ resolvedAt: input?.resolvedAt ?? null, rated: input?.rated ?? false }),
  initial: 'open',
  states: {
    // New: nobody on the staff has answered yet; the client may add to it.
    open: {
      on: {
        ...working,
        'client.reply': { target: 'open' },
        'staff.await_client': { target: 'awaiting_client' },
      },
    },
    awaiting_staff: {
      on: { ...working, 'staff.await_client': { target: 'awaiting_client' } },
    },
    awaiting_client: {
      on: { ...working, 'staff.await_staff': { target: 'awaiting_staff' } },
    },
    resolved: {
      on: {
        'client.reopen': { guard: 'canReopen', target: 'awaiting_staff' },
        'client.rate': { guard: 'canRate', target: 'resolved', actions: 'markRated' },
        'staff.reopen': { target: 'awaiting_staff' },
        'staff.close': { target: 'closed' },
      },
    },
    // Closed for good; a resolution closed before the client rated it may still be rated.
    closed: {
      on: {
        'client.rate': { guard: 'canRate', target: 'closed', actions: 'markRated' },
      },
    },
  },
});

export type TicketMachine = typeof ticketMachine;
