import type { SnapshotFrom } from 'xstate';
import type { PartnerApplicationState } from '../../contract/partners';
import { partnerApplicationMachine, type PartnerApplicationMachine } from './partner-application.machine';

export type PartnerApplicationSnapshot = SnapshotFrom<PartnerApplicationMachine>;

/** The snapshot of an application in `state` (as an answer carries it), to ask what may happen next. */
export const partnerApplicationSnapshot = (state: PartnerApplicationState): PartnerApplicationSnapshot =>
  partnerApplicationMachine.resolveState({ value: state, context: {} });

/** The decisions staff may take now; the server still decides (409 when another reviewer was first). */
export interface ApplicationActions {
  approve: boolean;
  reject: boolean;
}

export const selectDecisionActions = (s: PartnerApplicationSnapshot): ApplicationActions => ({
  approve: s.can({ type: 'application.approve' }),
  reject: s.can({ type: 'application.reject', reason: 'a reason' }),
});

/** Waiting for staff. */
export const selectAwaitsDecision = (s: PartnerApplicationSnapshot): boolean => s.matches('submitted');

/** A decided application: the client may apply again only after a rejection. */
export const selectMayApplyAgain = (s: PartnerApplicationSnapshot): boolean => s.matches('rejected');
