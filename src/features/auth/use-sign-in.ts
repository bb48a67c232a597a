import { useRouter } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsResolving, selectIsSignedIn } from '../../../machines/session/session.selectors';
import type { LoginResponse } from '../../../contract/auth';
import { takeIntendedUrl } from '../../lib/intended';
import { useRuntime } from '../../lib/runtime-context';

/** Hands a new token to the session, waits for the user, then goes to the intended URL or home. */
export function useSignIn() {
  const runtime = useRuntime();
  const router = useRouter();
  return async (response: LoginResponse, remember: boolean) => {
    runtime.session.send({ type: 'session.tokenSaved', token: response.token, remember });
    const snapshot = await waitFor(runtime.session, (s) => !selectIsResolving(s), { timeout: Infinity });
    if (!selectIsSignedIn(snapshot)) return;
    const lang = runtime.locale.getSnapshot().context.locale;
    const intended = takeIntendedUrl();
    if (intended) await router.navigate({ href: intended });
    else await router.navigate({ to: '/$lang/home', params: { lang } });
  };
}
