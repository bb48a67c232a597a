import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { oauthMachine, type ProviderRef } from '../../../machines/oauth/oauth.machine';
import { selectFailure, selectIsBusy, selectLinkedName, selectPendingProvider } from '../../../machines/oauth/oauth.selectors';
import { selectIsSignedIn } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { startOAuth } from './api/start-oauth';
import { startOAuthLink } from './api/start-oauth-link';
import { oauthFailureText } from './oauth-errors';
import { popupOutcome } from './oauth-popup';
import { useSignIn } from './use-sign-in';

/**
 * The OAuth machine with the browser's effects: the popup (to sign in, or to link the provider
 * to the signed-in account) and the session for the token it brings back.
 */
export function useOAuth(mode: 'sign-in' | 'link', onLinked?: (provider: string) => void) {
  const { i18n } = useLingui();
  const runtime = useRuntime();
  const signIn = useSignIn();
  const signInRef = useRef(signIn);
  signInRef.current = signIn;
  const onLinkedRef = useRef(onLinked);
  onLinkedRef.current = onLinked;

  const actor = useActorRef(
    oauthMachine.provide({
      actors: {
        authorize: fromPromise(({ input }: { input: { provider: ProviderRef } }) =>
          popupOutcome(() => (mode === 'link' ? startOAuthLink : startOAuth)(input.provider.id)),
        ),
        signIn: fromPromise(async ({ input }: { input: { token: string; expiresIn: number } }) => {
          await signInRef.current({ token: input.token, token_type: 'bearer', expires_in: input.expiresIn }, false);
          if (!selectIsSignedIn(runtime.session.getSnapshot())) throw new Error('The session did not accept the token');
        }),
      },
    }),
  );

  useEffect(() => {
    const subscription = actor.on('oauth.linked', (event) => onLinkedRef.current?.(event.provider));
    return () => subscription.unsubscribe();
  }, [actor]);

  const failure = useSelector(actor, selectFailure);
  return {
    start: (provider: ProviderRef) => actor.send({ type: 'oauth.start', provider }),
    dismiss: () => actor.send({ type: 'oauth.dismiss' }),
    busy: useSelector(actor, selectIsBusy),
    pending: useSelector(actor, selectPendingProvider),
    error: failure ? oauthFailureText(i18n, failure.failure, failure.providerName) : null,
    linkedName: useSelector(actor, selectLinkedName),
  };
}
