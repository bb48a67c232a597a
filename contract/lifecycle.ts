/**
 * Lifecycles of business objects (docs/adr/0082): the states each object's machine (machines/) may
 * store, and the timeline the server records of its transitions. Shared by the server, the
 * machines and the app; free of zod (the answer schemas are in lifecycle.schema.ts).
 */

/** The objects that have a lifecycle: the `kind` of every recorded transition. */
/** `chat_room`: no machine, only the staff's steps that keep its status (claims, releases, resolving), docs/adr/0087. */
export const LIFECYCLE_KINDS = ['wallet_request', 'identity_document', 'ticket', 'ipo_offering', 'chat_room', 'partner_application'] as const;
export type LifecycleKind = (typeof LIFECYCLE_KINDS)[number];

/** Who made a transition: the client, staff, or the system itself (a platform's answer, a sweep). */
export const LIFECYCLE_ACTOR_ROLES = ['client', 'staff', 'system'] as const;
export type LifecycleActorRole = (typeof LIFECYCLE_ACTOR_ROLES)[number];

/** Longest reason a transition takes (a rejection's reason), in characters. */
export const LIFECYCLE_REASON_MAX = 500;

/** A deposit or withdrawal (machines/wallet-request). */
export const WALLET_REQUEST_STATES = ['submitted', 'under_review', 'approved', 'completed', 'rejected'] as const;
export type WalletRequestState = (typeof WALLET_REQUEST_STATES)[number];

/** An identity document (machines/identity-document). */
export const DOCUMENT_STATES = ['uploaded', 'under_review', 'approved', 'rejected'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** One recorded transition. `from` is null for the step that created the object. */
export interface TimelineStep {
  from: string | null;
  to: string;
  /** The machine's event (`request.reject`), or `created`. */
  event: string;
  by: LifecycleActorRole;
  reason: string | null;
  /** When staff expect the next step, set with this transition; null when not said. */
  expected_at: string | null;
  /** ISO-8601 UTC. */
  at: string;
}

/** GET …/{id}/timeline: the object's state now, the expected time of its next step, and every step, oldest first. */
export interface Timeline {
  kind: LifecycleKind;
  id: number;
  state: string;
  /** The expected time staff set since the object reached its current state, or null. */
  expected_at: string | null;
  steps: TimelineStep[];
}

/** The expected time of the next step: the latest one set since the state last changed. */
export function expectedAt(steps: readonly TimelineStep[]): string | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (step.expected_at) return step.expected_at;
    if (step.from !== step.to) return null;
  }
  return null;
}
