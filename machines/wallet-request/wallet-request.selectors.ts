import type { SnapshotFrom } from 'xstate';
import type { WalletRequestState } from '../../contract/lifecycle';
import { walletRequestMachine, type WalletRequestMachine } from './wallet-request.machine';

export type WalletRequestSnapshot = SnapshotFrom<WalletRequestMachine>;

/** The snapshot of a request in `state` (as an answer carries it), to ask what may happen next. */
export const walletRequestSnapshot = (state: WalletRequestState): WalletRequestSnapshot => walletRequestMachine.resolveState({ value: state, context: {} });

/** The actions staff may take now; the server still decides (409 when the state moved meanwhile). */
export interface WalletRequestActions {
  review: boolean;
  approve: boolean;
  reject: boolean;
}

export const selectStaffActions = (s: WalletRequestSnapshot): WalletRequestActions => ({
  review: s.can({ type: 'request.review', expected_at: null }),
  approve: s.can({ type: 'request.approve' }),
  reject: s.can({ type: 'request.reject', reason: 'a reason' }),
});

/** Waiting for staff (submitted or under review): the client's request is still open to a decision. */
export const selectAwaitsStaff = (s: WalletRequestSnapshot): boolean => s.matches('submitted') || s.matches('under_review');
/** Approved and on its way through the platform. */
export const selectInFlight = (s: WalletRequestSnapshot): boolean => s.matches('approved');
/** Completed or rejected: nothing more will happen. */
export const selectIsFinal = (s: WalletRequestSnapshot): boolean => s.status === 'done' || s.matches('completed') || s.matches('rejected');
