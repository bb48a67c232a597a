import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { resetPassword } from './api/recovery';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';

const route = getRouteApi('/$lang/_guest/password/reset/$token');

export function PasswordResetScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Choose a new password`);
  const { token } = route.useParams();
  const { email = '' } = route.useSearch();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm(
    { email, password: '', password_confirmation: '' },
    (data) => resetPassword({ ...data, token }),
    (output) => setStatus((output as { status: string }).status),
  );

  if (status) {
    return (
      <AuthCard title={t`Password changed`}>
        <div className="form-grid">
          <div className="banner banner-success" role="status">
            {status}
          </div>
          <Link to="/$lang/login" params={{ lang }} className="btn btn-primary btn-lg btn-block">
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Choose a new password`}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <FormBanner message={form.message} />
        <TextField label={t`E-mail`} type="email" autoComplete="email" required {...form.field('email')} />
        <NewPasswordFields password={form.field('password')} confirmation={form.field('password_confirmation')} />
        <SubmitButton busy={form.busy}>
          <Trans>Reset password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
