import { type SnapshotFrom, transition } from 'xstate';
import type { CopySubscriptionState } from '../../contract/investing';
import { copySubscriptionMachine, type CopySubscriptionEvent, type CopySubscriptionMachine } from './copy-subscription.machine';

export type CopySubscriptionSnapshot = SnapshotFrom<CopySubscriptionMachine>;

/** A stored subscription as the machine's snapshot: its state is the stored value. */
export const copySubscriptionSnapshot = (state: CopySubscriptionState): CopySubscriptionSnapshot =>
  copySubscriptionMachine.resolveState({ value: state, context: undefined });

/** What the guards read, as the subscription holds it (minor units). */
export interface CopySubscriptionFacts {
  equity: number;
  free_margin: number;
  /** The stop-loss floor now, or null when none is set. */
  floor: number | null;
}

/** What the follower may do now: the screen offers these and no others; the server still decides (409). */
export interface CopySubscriptionActions {
  pause: boolean;
  resume: boolean;
  set_stop_loss: boolean;
  add_funds: boolean;
  withdraw: boolean;
  unsubscribe: boolean;
}

export function selectFollowerActions(s: CopySubscriptionSnapshot, facts: CopySubscriptionFacts): CopySubscriptionActions {
  return {
    pause: s.can({ type: 'subscription.pause' }),
    resume: s.can({ type: 'subscription.resume', equity: facts.equity, floor: facts.floor }),
    set_stop_loss: s.can({ type: 'subscription.set_stop_loss' }),
    add_funds: s.can({ type: 'subscription.add_funds', amount: 1 }),
    withdraw: s.can({ type: 'subscription.withdraw', amount: 1, free_margin: facts.free_margin }),
    unsubscribe: s.can({ type: 'subscription.unsubscribe' }),
  };
}

/** Trades are copied only while active. */
export const selectCopies = (s: CopySubscriptionSnapshot): boolean => s.matches('active');
/** Paused, by the follower or the stop-loss. */
export const selectPaused = (s: CopySubscriptionSnapshot): boolean => s.matches('paused_by_follower') || s.matches('paused_stop_loss');
/** Money still in play (not yet returned): the subscription counts as the follower's open one. */
export const selectIsOpen = (s: CopySubscriptionSnapshot): boolean => !s.matches('closed');
export const selectIsFinal = (s: CopySubscriptionSnapshot): boolean => s.status === 'done';

/** Where `event` leads from `s`, or null when the machine refuses it. */
export function nextCopySubscriptionState(s: CopySubscriptionSnapshot, event: CopySubscriptionEvent): CopySubscriptionState | null {
  if (!s.can(event)) return null;
  const [next] = transition(copySubscriptionMachine, s, event);
  return next.value as CopySubscriptionState;
}
