import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { User } from '../../../contract/user';
import { useRuntime } from '../../lib/runtime-context';
import { explainTooMany, waitMessage } from '../../lib/too-many';
import { useForm } from '../../lib/use-form';
import { FormBanner } from '../../ui/form/FormBanner';
import { SaveFooter } from '../../ui/form/SaveFooter';
import { TextField } from '../../ui/form/TextField';
import { resendConfirmation } from './api/resend-confirmation';
import { updateProfile } from './api/update-profile';
import { SettingsSection } from './SettingsSection';

/**
 * Names and e-mail. Names count at once; a new e-mail is only pending until the link mailed
 * to it is followed, and the banner says so (with a way to have the link sent again).
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useLingui();
  const runtime = useRuntime();
  const form = useForm(
    { first_name: user.first_name, second_name: user.second_name, email: user.pending_email ?? user.email },
    (data) => updateProfile({ ...data, email: data.email.trim() }),
    (output) => runtime.session.send({ type: 'session.userUpdated', user: output as User }),
  );

  return (
    <SettingsSection title={t`Personal details`} lead={t`Your name as it appears on statements, and the e-mail you sign in with.`}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <FormBanner message={form.message} />
        {user.pending_email ? <PendingEmail current={user.email} pending={user.pending_email} /> : null}
        <div className="form-row-2">
          <TextField label={t`First name`} autoComplete="given-name" required {...form.field('first_name')} />
          <TextField label={t`Last name`} autoComplete="family-name" required {...form.field('second_name')} />
        </div>
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          required
          hint={t`A new address takes effect once you follow the link we send to it.`}
          {...form.field('email')}
        />
        <SaveFooter busy={form.busy} saved={form.recentlySuccessful} />
      </form>
    </SettingsSection>
  );
}

function PendingEmail({ current, pending }: { current: string; pending: string }) {
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      setNote((await explainTooMany(() => resendConfirmation(pending), waitMessage)).status);
    } catch (error) {
      setNote((error as { data?: { message?: string } }).data?.message ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="banner banner-info" role="status">
      <div className="banner-body">
        <span>
          <Trans>
            We sent a confirmation link to {pending}. Until you follow it, you keep signing in with {current}.
          </Trans>
        </span>
        <button type="button" className="link-button" onClick={resend} disabled={busy} aria-busy={busy}>
          <Trans>Send the link again</Trans>
        </button>
        {note ? <span>{note}</span> : null}
      </div>
    </div>
  );
}
