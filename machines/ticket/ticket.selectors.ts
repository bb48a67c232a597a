import { type SnapshotFrom, transition } from 'xstate';
import type { TicketStatus } from '../../contract/tickets';
import { TICKET_EVENT_ROLES, ticketMachine, type TicketEvent, type TicketEventType, type TicketMachine } from './ticket.machine';

export type TicketSnapshot = SnapshotFrom<TicketMachine>;

/** What the guards read, as the ticket holds it: its last resolution and whether that is rated. */
export interface TicketFacts {
  resolved_at: string | null;
  rated: boolean;
}

/** A stored ticket as the machine's snapshot: its status is the state. */
export const ticketSnapshot = (status: TicketStatus): TicketSnapshot => ticketMachine.resolveState({ value: status, context: undefined });

export const selectStatus = (s: TicketSnapshot): TicketStatus => s.value as TicketStatus;

/** The event of `type` as the ticket's facts make it at `at` (a rating: its best score, which any valid one shares). */
export function ticketEvent(type: TicketEventType, facts: TicketFacts, at: string): TicketEvent {
  if (type === 'client.reopen') return { type, at, resolved_at: facts.resolved_at };
  if (type === 'client.rate') return { type, score: 5, rated: facts.rated };
  return { type };
}

/** The steps `role` may take now, at `at`: the screens offer these and no others. */
export function selectActions(s: TicketSnapshot, role: 'client' | 'staff', facts: TicketFacts, at: string): TicketEventType[] {
  return (Object.keys(TICKET_EVENT_ROLES) as TicketEventType[]).filter((type) => TICKET_EVENT_ROLES[type] === role && s.can(ticketEvent(type, facts, at)));
}

/** Where `event` leads from `s`, or null when the machine refuses it. */
export function nextStatus(s: TicketSnapshot, event: TicketEvent): TicketStatus | null {
  if (!s.can(event)) return null;
  const [next] = transition(ticketMachine, s, event);
  return next.value as TicketStatus;
}
