import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LoginResponse } from '../../../contract/auth';
import { errorBody, messageOf } from '../../lib/http';
import { useHydrated } from '../../lib/hydrated';
import { passkeyCancelled, passkeysSupported } from '../../ui/passkey/passkey';
import { explainTooMany, waitMessage } from '../../lib/too-many';
import { FormBanner } from '../../ui/form/FormBanner';
import { signInWithPasskey } from './api/passkey-sign-in';
import './passkey-sign-in.css';

/** "Sign in with a passkey": no e-mail, no password; the browser offers the passkeys it holds for this site. */
export function PasskeySignInButton({ remember, onSignedIn }: { remember: boolean; onSignedIn: (response: LoginResponse) => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The prerendered page shows the button disabled, holding its place, so nothing under it moves
  // when the app takes over; a browser without passkeys loses it then (docs/adr/0106).
  const hydrated = useHydrated();
  if (hydrated && !passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onSignedIn(await explainTooMany(() => signInWithPasskey(remember), waitMessage));
    } catch (error) {
      if (!passkeyCancelled(error)) {
        const body = errorBody(error) as { errors?: Record<string, string[]> } | undefined;
        setFailure(Object.values(body?.errors ?? {})[0]?.[0] ?? messageOf(body) ?? t`Something went wrong. Please try again.`);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="passkey-sign-in">
      <FormBanner message={failure} />
      <button type="button" className="btn btn-secondary btn-lg btn-block" disabled={!hydrated || busy} aria-busy={busy} onClick={() => void start()}>
        {busy ? <span className="spinner" aria-hidden="true" /> : <PasskeyIcon />}
        <Trans>Sign in with a passkey</Trans>
      </button>
    </div>
  );
}

function PasskeyIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="8" cy="15" r="4" />
      <path d="m10.85 12.15 8.65-8.65M18 5l2 2M15 8l2 2" />
    </svg>
  );
}
