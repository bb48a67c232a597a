import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SettingsSection } from '../settings';
import { forgetDevices } from './api/security-calls';

/** Browsers where "Remember this device" was ticked skip the second step; forget them all at once. */
export function DevicesSection() {
  const { t } = useLingui();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const forget = async () => {
    setState('busy');
    try {
      await forgetDevices();
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <SettingsSection
      title={t`Remembered devices`}
      lead={t`Browsers where you ticked “Remember this device” skip the second step for 30 days. Forget them if you lost one or used a shared computer.`}
    >
      {state === 'done' ? (
        <div className="banner banner-success" role="status">
          <span>
            <Trans>Done. Every sign-in will ask for the second factor again.</Trans>
          </span>
        </div>
      ) : state === 'failed' ? (
        <div className="banner banner-error" role="alert">
          <span>
            <Trans>Something went wrong. Please try again.</Trans>
          </span>
        </div>
      ) : null}
      <div className="security-actions">
        <button type="button" className="btn btn-secondary" disabled={state === 'busy'} aria-busy={state === 'busy'} onClick={() => void forget()}>
          <Trans>Forget all remembered devices</Trans>
        </button>
      </div>
    </SettingsSection>
  );
}
