import { type SnapshotFrom, transition } from 'xstate';
import type { TicketStatus } from '../../contract/tickets';
import { TICKET_EVENT_ROLES, ticketMachine, type TicketContext, type TicketEvent, type TicketEventType, type TicketMachine } from './ticket.machine';

export type TicketSnapshot = SnapshotFrom<TicketMachine>;

/** A stored ticket as the machine's snapshot: its status is the state, the rest the context. */
export function ticketSnapshot(status: TicketStatus, context: TicketContext): TicketSnapshot {
  return ticketMachine.resolveState({ value: status, context });
}

export const selectStatus = (s: TicketSnapshot): TicketStatus => s.value as TicketStatus;
export const selectIsResolved = (s: TicketSnapshot): boolean => s.matches('resolved');
export const selectIsClosed = (s: TicketSnapshot): boolean => s.matches('closed');

/** A representative event of each type, for `can` (the score and time do not decide which types are possible, except the window). */
function probe(type: TicketEventType, at: string): TicketEvent {
  if (type === 'client.reopen' || type === 'staff.resolve') return { type, at };
  if (type === 'client.rate') return { type, score: 5 };
  return { type } as TicketEvent;
}

/** The steps `role` may take now, at `at`: the screens show these and no others. */
export function selectActions(s: TicketSnapshot, role: 'client' | 'staff', at: string): TicketEventType[] {
  return (Object.keys(TICKET_EVENT_ROLES) as TicketEventType[]).filter((type) => TICKET_EVENT_ROLES[type] === role && s.can(probe(type, at)));
}

/** The client may write in the thread (not once it is resolved or closed: they reopen first). */
export const selectCanClientReply = (s: TicketSnapshot): boolean => s.can({ type: 'client.reply' });
/** Staff may answer publicly (notes are always possible). */
export const selectCanStaffReply = (s: TicketSnapshot): boolean => s.can({ type: 'staff.reply' });
export const selectCanReopen = (s: TicketSnapshot, at: string): boolean => s.can({ type: 'client.reopen', at });
export const selectCanRate = (s: TicketSnapshot): boolean => s.can({ type: 'client.rate', score: 5 });

/** Where `event` leads from `s`, or null when the machine refuses it. */
export function nextStatus(s: TicketSnapshot, event: TicketEvent): { status: TicketStatus; context: TicketContext } | null {
  if (!s.can(event)) return null;
  const [next] = transition(ticketMachine, s, event);
  return { status: next.value as TicketStatus, context: next.context };
}
