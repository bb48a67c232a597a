import type { SnapshotFrom } from 'xstate';
import type { DocumentState } from '../../contract/lifecycle';
import { identityDocumentMachine, type IdentityDocumentMachine } from './identity-document.machine';

export type IdentityDocumentSnapshot = SnapshotFrom<IdentityDocumentMachine>;

/** The snapshot of a document in `state` (as an answer carries it), to ask what may happen next. */
export const identityDocumentSnapshot = (state: DocumentState): IdentityDocumentSnapshot =>
  identityDocumentMachine.resolveState({ value: state, context: {} });

/** The review steps staff may take now; the server still decides (409 when another reviewer was first). */
export interface DocumentActions {
  review: boolean;
  approve: boolean;
  reject: boolean;
}

export const selectReviewActions = (s: IdentityDocumentSnapshot): DocumentActions => ({
  review: s.can({ type: 'document.review', expected_at: null }),
  approve: s.can({ type: 'document.approve' }),
  reject: s.can({ type: 'document.reject', reason: 'a reason' }),
});

/** Uploaded or under review: waiting for staff. */
export const selectAwaitsReview = (s: IdentityDocumentSnapshot): boolean => s.matches('uploaded') || s.matches('under_review');
