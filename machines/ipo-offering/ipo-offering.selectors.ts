import { type SnapshotFrom, transition } from 'xstate';
import type { IpoOfferingState } from '../../contract/ipo';
import { ipoOfferingMachine, type IpoOfferingEvent, type IpoOfferingMachine } from './ipo-offering.machine';

export type IpoOfferingSnapshot = SnapshotFrom<IpoOfferingMachine>;

/** A stored offering as the machine's snapshot: its state is the stored value. */
export const ipoOfferingSnapshot = (state: IpoOfferingState): IpoOfferingSnapshot => ipoOfferingMachine.resolveState({ value: state, context: undefined });

/** What the guards read, as the offering holds it. */
export interface IpoOfferingFacts {
  opens_at: string;
  reconfirm_until: string | null;
  /** Applications still waiting for a reconfirmation. */
  awaiting: number;
}

/** The staff steps taken by a button (the price and the allocation have their own forms). */
export const IPO_STAFF_STEPS = ['offering.announce', 'offering.open', 'offering.close', 'offering.list', 'offering.cancel'] as const;
export type IpoStaffStep = (typeof IPO_STAFF_STEPS)[number];

/** The event of `type` as the offering's facts make it at `at`. */
export function ipoOfferingEvent(type: IpoOfferingEvent['type'], facts: IpoOfferingFacts, at: string): IpoOfferingEvent {
  switch (type) {
    case 'offering.open':
      return { type, at, opens_at: facts.opens_at };
    case 'offering.price':
      return { type, price: 1 };
    case 'offering.allocate':
      return { type, at, reconfirm_until: facts.reconfirm_until, awaiting: facts.awaiting };
    case 'offering.cancel':
      return { type, reason: 'a reason' };
    default:
      return { type };
  }
}

/** What staff may do now, at `at`: the screen offers these and no others; the server still decides. */
export interface IpoOfferingActions {
  edit: boolean;
  steps: IpoStaffStep[];
  price: boolean;
  allocate: boolean;
}

export function selectIpoActions(s: IpoOfferingSnapshot, facts: IpoOfferingFacts, at: string): IpoOfferingActions {
  const can = (type: IpoOfferingEvent['type']) => s.can(ipoOfferingEvent(type, facts, at));
  return { edit: can('offering.edit'), steps: IPO_STAFF_STEPS.filter(can), price: can('offering.price'), allocate: can('offering.allocate') };
}

/** Upcoming, open or past, as the client's list groups offerings. */
export function selectIpoPhase(s: IpoOfferingSnapshot): 'upcoming' | 'open' | 'past' | 'hidden' {
  if (s.matches('draft')) return 'hidden';
  if (s.matches('announced')) return 'upcoming';
  if (s.matches('open')) return 'open';
  return 'past';
}

/** Where `event` leads from `s`, or null when the machine refuses it. */
export function nextIpoState(s: IpoOfferingSnapshot, event: IpoOfferingEvent): IpoOfferingState | null {
  if (!s.can(event)) return null;
  const [next] = transition(ipoOfferingMachine, s, event);
  return next.value as IpoOfferingState;
}
