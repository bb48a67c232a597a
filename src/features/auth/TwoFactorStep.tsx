import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { LoginResponse } from "../../../contract/auth";
import type { TwoFactorChallenge } from "../../../contract/security";
import { explainTooMany, waitMessage } from "../../lib/too-many";
import { useForm } from "../../lib/use-form";
import { Checkbox } from "../../ui/form/Checkbox";
import { FormBanner } from "../../ui/form/FormBanner";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { TextField } from "../../ui/form/TextField";
import { completeTwoFactor } from "./api/two-factor";
import { passkeyForChallenge } from "./api/passkey-sign-in";
import { errorBody, messageOf } from "../../lib/http";
import { passkeyCancelled } from "../../ui/passkey/passkey";

/** The sign-in's second step, after the password: a code from the authenticator app or a recovery code. */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: (response: LoginResponse) => void;
  onRestart: () => void;
}) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const form = useForm(
    { code: "", recovery_code: "", remember_device: false },
    (data) =>
      explainTooMany(
        () =>
          completeTwoFactor({
            challenge: challenge.challenge,
            remember_device: data.remember_device,
            ...(recovery
              ? { recovery_code: data.recovery_code.trim() }
              : { code: data.code.replace(/\s/g, "") }),
          }),
        waitMessage,
      ),
    (output) => onSignedIn(output as LoginResponse),
  );
  const canUseCodes = challenge.methods.includes("totp");
  const canUsePasskey = challenge.methods.includes("passkey");
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const answerWithPasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyError(null);
    try {
      const passkey = await passkeyForChallenge(challenge.challenge);
      onSignedIn(
        await completeTwoFactor({
          challenge: challenge.challenge,
          remember_device: form.data.remember_device,
          passkey,
        }),
      );
    } catch (error) {
      if (!passkeyCancelled(error)) {
        const body = errorBody(error) as
          | { errors?: Record<string, string[]> }
          | undefined;
        setPasskeyError(
          Object.values(body?.errors ?? {})[0]?.[0] ??
            messageOf(body) ??
            t`Something went wrong. Please try again.`,
        );
      }
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <form
      className="form-grid"
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="two-factor-title"
    >
      <h2 id="two-factor-title" className="section-title">
        <Trans>Two-factor authentication</Trans>
      </h2>
      <FormBanner message={form.message ?? passkeyError} />
      <p className="field-hint">
        {!canUseCodes ? (
          <Trans>Confirm with one of your passkeys.</Trans>
        ) : recovery ? (
          <Trans>
            Enter one of the recovery codes you saved. Each works once.
          </Trans>
        ) : (
          <Trans>Enter the 6-digit code from your authenticator app.</Trans>
        )}
      </p>
      {canUseCodes && !recovery ? (
        <TextField
          label={t`Authentication code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          {...form.field("code")}
        />
      ) : null}
      {canUseCodes && recovery ? (
        <TextField
          label={t`Recovery code`}
          autoComplete="off"
          required
          autoFocus
          {...form.field("recovery_code")}
        />
      ) : null}
      <Checkbox
        label={t`Remember this device for 30 days`}
        name="remember_device"
        checked={form.data.remember_device}
        onCheckedChange={(checked) => form.set("remember_device", checked)}
      />
      {canUseCodes ? (
        <SubmitButton busy={form.busy}>
          <Trans>Verify</Trans>
        </SubmitButton>
      ) : null}
      {canUsePasskey ? (
        <button
          type="button"
          className={`btn ${canUseCodes ? "btn-secondary" : "btn-primary"} btn-lg btn-block`}
          disabled={passkeyBusy}
          aria-busy={passkeyBusy}
          onClick={() => void answerWithPasskey()}
        >
          {passkeyBusy ? <span className="spinner" aria-hidden="true" /> : null}
          <Trans>Use a passkey</Trans>
        </button>
      ) : null}
      <div className="form-actions">
        {canUseCodes ? (
          <button
            type="button"
            className="link-button field-hint"
            onClick={() => setRecovery(!recovery)}
          >
            {recovery ? (
              <Trans>Use the authenticator app</Trans>
            ) : (
              <Trans>Use a recovery code</Trans>
            )}
          </button>
        ) : null}
        <button
          type="button"
          className="link-button field-hint"
          onClick={onRestart}
        >
          <Trans>Start again</Trans>
        </button>
      </div>
    </form>
  );
}
