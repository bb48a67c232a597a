import { useRouter } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsResolving, selectIsSignedIn } from '../../../machines/session/session.selectors';
import type { LoginResponse } from '../../../contract/auth';
import { takeIntendedUrl } from '../../lib/intended';
import { warmIntl } from '../../lib/intl-warm';
import { useRuntime } from '../../lib/runtime-context';

/** Hands a new token to the session, waits for the user, then goes to the intended URL or home. */
export function useSignIn() {
  const runtime = useRuntime();
  const router = useRouter();
  return async (response: LoginResponse, remember: boolean) => {
    // The first signed-in screen formats dates and amounts: their data loads off the main thread
    // while the session reads the user and the screen's code loads (docs/adr/0121).
    warmIntl(document.documentElement.lang);
    runtime.session.send({ type: 'session.tokenSaved', token: response.token, remember });
    const snapshot = await waitFor(runtime.session, (s) => !selectIsResolving(s), { timeout: Infinity });
    if (!selectIsSignedIn(snapshot)) return;
    const lang = runtime.locale.getSnapshot().context.locale;
    const intended = takeIntendedUrl();
    if (intended) await router.navigate({ href: intended });
    else await router.navigate({ to: '/$lang/home', params: { lang } });
  };
}
