import { Trans, useLingui } from "@lingui/react/macro";
import {
  type FormEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import type { StepUpBody } from "../../../contract/security";
import { errorBody, messageOf, request } from "../../lib/http";
import {
  finishStepUp,
  type OpenStepUp,
} from "../../lib/step-up";
import { passkeyAssertion, passkeyCancelled } from "../passkey/passkey";
import { explainTooMany, waitMessage } from "../../lib/too-many";
import { TextField } from "../form/TextField";

/** The step-up dialog: the second factor (or the password) again, then the waiting action goes on. */
export function StepUpDialog({ step }: { step: OpenStepUp }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const passwordOnly = step.methods.includes("password");
  const hasCodes = step.methods.includes("totp");
  const hasPasskey = step.methods.includes("passkey");
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `step-up-input-${step.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!passwordOnly && !hasCodes) return withPasskey();
    void prove(() =>
      Promise.resolve<StepUpBody>(
        passwordOnly
          ? { password: value }
          : recovery
            ? { recovery_code: value.trim() }
            : { code: value.replace(/\s/g, "") },
      ),
    );
  };
  const withPasskey = () => {
    if (busy) return;
    void prove(async () => ({
      passkey: await passkeyAssertion("/api/security/step-up/passkey-options"),
    }));
  };

  const prove = async (proof: () => Promise<StepUpBody>) => {
    setBusy(true);
    setError(null);
    try {
      const body = await proof();
      await explainTooMany(
        () => request<void>("/api/security/step-up", { method: "POST", body }),
        waitMessage,
      );
      finishStepUp(true);
    } catch (failure) {
      if (passkeyCancelled(failure)) {
        setBusy(false);
        return;
      }
      const answer = errorBody(failure) as
        { errors?: Record<string, string[]> } | undefined;
      setError(
        Object.values(answer?.errors ?? {})[0]?.[0] ??
          messageOf(answer) ??
          (failure instanceof Error
            ? failure.message
            : t`Something went wrong.`),
      );
      setBusy(false);
    }
  };

  const label = passwordOnly
    ? t`Password`
    : recovery
      ? t`Recovery code`
      : t`Code from your authenticator app`;
  return (
    <dialog
      ref={ref}
      className="alert-dialog"
      aria-labelledby={`step-up-title-${step.id}`}
      onCancel={(event) => {
        event.preventDefault();
        finishStepUp(false);
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="alert-content">
          <h2 id={`step-up-title-${step.id}`} className="alert-title">
            <Trans>Confirm it is you</Trans>
          </h2>
          <p className="alert-text">
            {!passwordOnly && !hasCodes ? (
              <Trans>Confirm with one of your passkeys to continue.</Trans>
            ) : passwordOnly ? (
              <Trans>Enter your password to continue.</Trans>
            ) : recovery ? (
              <Trans>Enter one of your recovery codes. Each works once.</Trans>
            ) : (
              <Trans>
                Enter the 6-digit code from your authenticator app to continue.
              </Trans>
            )}
          </p>
          {passwordOnly || hasCodes ? (
            <TextField
              id={inputId}
              name="step-up"
              label={label}
              type={passwordOnly ? "password" : "text"}
              inputMode={passwordOnly || recovery ? undefined : "numeric"}
              autoComplete={passwordOnly ? "current-password" : "one-time-code"}
              value={value}
              autoFocus
              error={error ?? undefined}
              onValueChange={setValue}
              onKeyDown={() => setError(null)}
            />
          ) : error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          {hasPasskey && !passwordOnly ? (
            <button
              type="button"
              className="btn btn-secondary btn-block step-up-passkey"
              disabled={busy}
              onClick={withPasskey}
            >
              <Trans>Use a passkey</Trans>
            </button>
          ) : null}
          {!passwordOnly && step.methods.includes("recovery") ? (
            <button
              type="button"
              className="link-button field-hint"
              onClick={() => (
                setRecovery(!recovery),
                setValue(""),
                setError(null)
              )}
            >
              {recovery ? (
                <Trans>Use the authenticator app instead</Trans>
              ) : (
                <Trans>Use a recovery code instead</Trans>
              )}
            </button>
          ) : null}
        </div>
        <div className="alert-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => finishStepUp(false)}
          >
            <Trans>Cancel</Trans>
          </button>
          {passwordOnly || hasCodes ? (
            <button type="submit" className="btn btn-primary" disabled={busy}>
              <Trans>Confirm</Trans>
            </button>
          ) : null}
        </div>
      </form>
    </dialog>
  );
}
