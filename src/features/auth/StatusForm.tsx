import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { StatusResponse } from '../../../contract/account';
import { explainTooMany, waitMessage } from '../../lib/too-many';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';

/**
 * An e-mail-only form whose answer is a `{status}` line (password reset request, verification
 * resend). A 429 shows how long to wait; the address stays in the field either way.
 */
export function EmailStatusForm({
  submit,
  submitLabel,
  initialEmail = '',
}: {
  submit: (body: { email: string }) => Promise<StatusResponse>;
  submitLabel: string;
  initialEmail?: string;
}) {
  const { t } = useLingui();
  const lang = useLang();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm(
    { email: initialEmail },
    (data) => explainTooMany(() => submit({ email: data.email.trim() }), waitMessage),
    (output) => setStatus((output as StatusResponse).status),
  );
  return (
    <form className="form-grid" onSubmit={form.onSubmit} noValidate>
      {status ? (
        <div className="banner banner-success" role="status">
          {status}
        </div>
      ) : null}
      <FormBanner message={form.message} />
      <TextField label={t`E-mail`} type="email" autoComplete="email" required {...form.field('email')} />
      <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
      <p className="field-hint auth-back">
        <Link to="/$lang/login" params={{ lang }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </form>
  );
}
