import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { SecurityStatus, TotpEnrolment } from '../../../contract/security';
import { errorBody, messageOf } from '../../lib/http';
import { explainTooMany, waitMessage } from '../../lib/too-many';
import { useForm } from '../../lib/use-form';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { SettingsSection } from '../settings';
import { beginTotp, confirmTotp, disableTotp, regenerateRecoveryCodes } from './api/security-calls';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** The authenticator app: enrol (QR, key, first code), recovery codes once, new codes, turn off. */
export function AuthenticatorSection({ status, onChanged }: { status: SecurityStatus; onChanged: () => Promise<unknown> }) {
  const { t } = useLingui();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<'begin' | 'off' | 'codes' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (what: 'begin' | 'off' | 'codes', action: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      // A cancelled step-up (423 again) is the person's choice, not a failure to show.
      if ((errorBody(error) as { step_up_required?: unknown } | undefined)?.step_up_required !== true)
        setFailure(messageOf(errorBody(error)) ?? t`Something went wrong. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  const lead = status.totp
    ? t`On. Sign-ins and money movements ask for a code from your authenticator app.`
    : t`Use an app such as Google Authenticator, Microsoft Authenticator or 1Password to get a new code every 30 seconds.`;
  return (
    <SettingsSection title={t`Authenticator app`} lead={lead}>
      {failure ? <FormBanner message={failure} /> : null}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(recovery) => {
            setEnrolment(null);
            setCodes(recovery);
            void onChanged();
          }}
        />
      ) : status.totp ? (
        <>
          <p className="security-state">
            <span className="badge badge-completed">
              <Trans>On</Trans>
            </span>{' '}
            <span className="row-meta">
              <Trans>{status.recovery_codes_left} of 10 recovery codes left</Trans>
            </span>
          </p>
          <div className="security-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              aria-busy={busy === 'codes'}
              onClick={() => void run('codes', async () => {
                setCodes((await regenerateRecoveryCodes()).recovery_codes);
                await onChanged();
              })}
            >
              <Trans>New recovery codes</Trans>
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              aria-busy={busy === 'off'}
              onClick={() => void run('off', async () => {
                await disableTotp();
                await onChanged();
              })}
            >
              <Trans>Turn off</Trans>
            </button>
          </div>
        </>
      ) : (
        <div className="security-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy !== null}
            aria-busy={busy === 'begin'}
            onClick={() => void run('begin', async () => setEnrolment(await beginTotp()))}
          >
            <Trans>Set up the authenticator app</Trans>
          </button>
        </div>
      )}
    </SettingsSection>
  );
}

/** Step two of enrolment: scan or type the key, then prove it with the app's first code. */
function Enrolment({ enrolment, onCancel, onConfirmed }: { enrolment: TotpEnrolment; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const { t } = useLingui();
  const form = useForm(
    { code: '' },
    (data) => explainTooMany(() => confirmTotp(data.code.replace(/\s/g, '')), waitMessage),
    (output) => onConfirmed((output as { recovery_codes: string[] }).recovery_codes),
  );
  // Grouped by four, as the apps show keys; typed without the spaces or with them, both work.
  const key = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <form className="totp-enrolment" onSubmit={form.onSubmit} noValidate aria-label={t`Set up the authenticator app`}>
      <ol className="totp-steps">
        <li>
          <p>
            <Trans>Scan this QR code with your authenticator app.</Trans>
          </p>
          <img className="totp-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`} alt={t`QR code for your authenticator app`} width={176} height={176} />
        </li>
        <li>
          <p>
            <Trans>Or type this key into the app by hand:</Trans>
          </p>
          <p className="totp-key mono" aria-label={t`Key for your authenticator app`} data-secret={enrolment.secret}>
            {key}
          </p>
        </li>
        <li>
          <FormBanner message={form.message} />
          <TextField label={t`Code from the app`} inputMode="numeric" autoComplete="one-time-code" required {...form.field('code')} />
        </li>
      </ol>
      <div className="security-actions">
        <button type="submit" className="btn btn-primary" disabled={form.busy} aria-busy={form.busy}>
          <Trans>Turn on</Trans>
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
