import type { SnapshotFrom } from 'xstate';
import type { OAuthFailure, oauthMachine } from './oauth.machine';

export type OAuthSnapshot = SnapshotFrom<typeof oauthMachine>;

/** Buttons are disabled while a popup is open or its token is being used. */
export const selectIsBusy = (snapshot: OAuthSnapshot): boolean => snapshot.hasTag('busy');

/** The provider whose button shows the spinner, or null. */
export const selectPendingProvider = (snapshot: OAuthSnapshot): string | null =>
  snapshot.hasTag('busy') ? (snapshot.context.provider?.id ?? null) : null;

/** The last failure with the provider's name, for the message; null when there is none. */
export const selectFailure = (snapshot: OAuthSnapshot): { failure: OAuthFailure; providerName: string } | null =>
  snapshot.context.failure ? { failure: snapshot.context.failure, providerName: snapshot.context.provider?.name ?? '' } : null;

/** The provider just linked (settings), for the success notice. */
export const selectLinkedName = (snapshot: OAuthSnapshot): string | null =>
  snapshot.context.linked ? (snapshot.context.provider?.name ?? snapshot.context.linked) : null;

export const selectIsSignedIn = (snapshot: OAuthSnapshot): boolean => snapshot.matches('signedIn');
