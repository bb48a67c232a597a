import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { LoginResponse } from "../../../contract/auth";
import type { TwoFactorChallenge } from "../../../contract/security";
import { TwoFactorStep } from "./TwoFactorStep";
import { errorBody } from "../../lib/http";
import { explainTooMany, waitMessage } from "../../lib/too-many";
import { usePageTitle } from "../../lib/page-title";
import { useForm } from "../../lib/use-form";
import { Checkbox } from "../../ui/form/Checkbox";
import { FormBanner } from "../../ui/form/FormBanner";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { login } from "./api/login";
import { AuthCard } from "./AuthCard";
import { OAuthButtons } from "./OAuthButtons";
import { PasskeySignInButton } from "./PasskeySignInButton";
import { useSignIn } from "./use-sign-in";
import { useLang } from "../../lib/use-lang";

export function LoginScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Sign in`);
  const signIn = useSignIn();
  // The address whose sign-in was refused for want of verification: offers a new link.
  const [unverified, setUnverified] = useState<string | null>(null);
  // The password was right and the account has a second factor: its step replaces the form.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const form = useForm(
    { email: "", password: "", remember: false },
    async (data) => {
      setUnverified(null);
      const email = data.email.trim();
      try {
        return await explainTooMany(
          () => login({ ...data, email }),
          waitMessage,
        );
      } catch (error) {
        if (
          (errorBody(error) as { verification_required?: unknown } | undefined)
            ?.verification_required === true
        )
          setUnverified(email);
        throw error;
      }
    },
    (output, data) => {
      if ((output as TwoFactorChallenge).two_factor === true)
        setChallenge(output as TwoFactorChallenge);
      else void signIn(output as LoginResponse, data.remember);
    },
  );

  return (
    <AuthCard
      title={t`Sign in`}
      subtitle={t`Welcome back. Sign in to your client area.`}
      footer={
        <Trans>
          New to Traderoom?{" "}
          <Link to="/$lang/register" params={{ lang }}>
            Open an account
          </Link>
        </Trans>
      }
    >
      {challenge ? (
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={(response) => void signIn(response, form.data.remember)}
          onRestart={() => setChallenge(null)}
        />
      ) : (
        <form className="form-grid" onSubmit={form.onSubmit} noValidate>
          <FormBanner message={form.message} />
          <TextField
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            required
            {...form.field("email")}
          />
          {unverified ? (
            <p className="field-hint">
              <Link
                to="/$lang/email/resend"
                params={{ lang }}
                search={{ email: unverified }}
              >
                <Trans>Send me a new verification link</Trans>
              </Link>
            </p>
          ) : null}
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="current-password"
            required
            {...form.field("password")}
          />
          <div className="form-actions">
            <Checkbox
              label={t`Remember me`}
              name="remember"
              checked={form.data.remember}
              onCheckedChange={(checked) => form.set("remember", checked)}
            />
            <Link
              to="/$lang/password/reset"
              params={{ lang }}
              className="field-hint"
            >
              <Trans>Forgot your password?</Trans>
            </Link>
          </div>
          <SubmitButton busy={form.busy}>
            <Trans>Sign in</Trans>
          </SubmitButton>
        </form>
      )}
      {challenge ? null : (
        <PasskeySignInButton
          remember={form.data.remember}
          onSignedIn={(response) => void signIn(response, form.data.remember)}
        />
      )}
      {challenge ? null : <OAuthButtons />}
    </AuthCard>
  );
}
