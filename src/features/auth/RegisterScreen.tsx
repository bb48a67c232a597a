import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { login } from './api/login';
import { register } from './api/register';
import { AuthCard } from './AuthCard';
import { OAuthButtons } from './OAuthButtons';
import { NewPasswordFields } from './NewPasswordFields';
import { useSignIn } from './use-sign-in';

const EMPTY = { first_name: '', second_name: '', email: '', password: '', password_confirmation: '' };

export function RegisterScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Open an account`);
  const signIn = useSignIn();
  const [verifyNotice, setVerifyNotice] = useState<{ status: string; email: string } | null>(null);

  const form = useForm(
    EMPTY,
    async (data) => {
      const body = { ...data, email: data.email.trim() };
      const created = await register(body);
      // 200 {status}: the e-mail must be verified before signing in.
      if ('status' in created) return { verify: created.status };
      return { token: await login({ email: body.email, password: body.password, remember: false }) };
    },
    (output, data) => {
      const result = output as { verify?: string; token?: Awaited<ReturnType<typeof login>> };
      if (result.token) void signIn(result.token, false);
      else if (result.verify) setVerifyNotice({ status: result.verify, email: data.email.trim() });
    },
  );

  if (verifyNotice) return <CheckYourMail {...verifyNotice} />;

  return (
    <AuthCard
      wide
      title={t`Open an account`}
      subtitle={t`It takes a minute. You can open trading accounts right after.`}
      footer={
        <Trans>
          Already a client?{' '}
          <Link to="/$lang/login" params={{ lang }}>
            Sign in
          </Link>
        </Trans>
      }
    >
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <FormBanner message={form.message} />
        <div className="form-row-2">
          <TextField label={t`First name`} autoComplete="given-name" required {...form.field('first_name')} />
          <TextField label={t`Last name`} autoComplete="family-name" required {...form.field('second_name')} />
        </div>
        <TextField label={t`E-mail`} type="email" autoComplete="email" required {...form.field('email')} />
        <NewPasswordFields password={form.field('password')} confirmation={form.field('password_confirmation')} />
        <SubmitButton busy={form.busy}>
          <Trans>Create account</Trans>
        </SubmitButton>
      </form>
      <OAuthButtons />
    </AuthCard>
  );
}

/** After registering: the link is on its way; nothing to do here but wait for it (or ask again). */
function CheckYourMail({ status, email }: { status: string; email: string }) {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <AuthCard title={t`Check your e-mail`} subtitle={<Trans>We sent the link to {email}.</Trans>}>
      <div className="form-grid">
        <div className="banner banner-success" role="status">
          {status}
        </div>
        <Link to="/$lang/login" params={{ lang }} className="btn btn-primary btn-lg btn-block">
          <Trans>Go to sign in</Trans>
        </Link>
        <p className="field-hint auth-back">
          <Trans>
            No mail after a few minutes? Look in your spam folder, or{' '}
            <Link to="/$lang/email/resend" params={{ lang }} search={{ email }}>
              send a new link
            </Link>
            .
          </Trans>
        </p>
      </div>
    </AuthCard>
  );
}
