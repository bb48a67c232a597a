import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PASSWORD_MIN } from '../../../contract/limits';
import { explainTooMany, waitMessage } from '../../lib/too-many';
import { useForm } from '../../lib/use-form';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { changePassword } from './api/change-password';
import { SettingsSection } from './SettingsSection';
import type { Sessions } from './use-sessions';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Current password, then the new one twice; after a change, offers to sign out the other sessions. */
export function PasswordForm({ sessions }: { sessions: Sessions }) {
  const { t } = useLingui();
  const [changed, setChanged] = useState(false);
  const form = useForm(
    EMPTY,
    (data) => explainTooMany(() => changePassword(data), waitMessage),
    () => {
      // Passwords do not stay on screen once used.
      form.actor.send({ type: 'form.reset', data: EMPTY });
      setChanged(true);
      void sessions.reload();
    },
  );
  const field = (name: keyof typeof EMPTY) => {
    const props = form.field(name);
    return { ...props, onValueChange: (value: string) => (setChanged(false), props.onValueChange(value)) };
  };

  return (
    <SettingsSection title={t`Password`} lead={t`Use a password you do not use anywhere else.`}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <FormBanner message={form.message} />
        {changed ? <PasswordChanged sessions={sessions} /> : null}
        <TextField label={t`Current password`} type="password" autoComplete="current-password" required {...field('current_password')} />
        <div className="form-row-2 align-start">
          <TextField
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            required
            hint={plural(PASSWORD_MIN, { one: 'At least # character; not a common one.', other: 'At least # characters; not a common one.' })}
            {...field('password')}
          />
          <TextField label={t`Confirm new password`} type="password" autoComplete="new-password" required {...field('password_confirmation')} />
        </div>
        <div className="form-footer">
          <SubmitButton busy={form.busy} block={false}>
            <Trans>Change password</Trans>
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}

function PasswordChanged({ sessions }: { sessions: Sessions }) {
  const { others } = sessions;
  const [outcome, setOutcome] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const signOutOthers = async () => {
    setOutcome('busy');
    try {
      await sessions.revokeOthers();
      setOutcome('done');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <div className="banner banner-success" role="status">
      <div className="banner-body">
        <span>
          <Trans>Your password has been changed.</Trans>
        </span>
        {outcome === 'done' ? (
          <span>
            <Trans>Every other session has been signed out.</Trans>
          </span>
        ) : others > 0 ? (
          <>
            <span>
              {plural(others, {
                one: 'You are still signed in on # other device. Sign it out if it is not yours or you no longer use it.',
                other: 'You are still signed in on # other devices. Sign them out if they are not yours or you no longer use them.',
              })}
            </span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={signOutOthers} disabled={outcome === 'busy'} aria-busy={outcome === 'busy'}>
              <Trans>Sign out other sessions</Trans>
            </button>
            {outcome === 'failed' ? (
              <span>
                <Trans>Something went wrong. Please try again.</Trans>
              </span>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
