import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { answerAlert, currentAlert, subscribeAlerts, type OpenAlert } from '../lib/alerts';
import { dialogInputError } from '../lib/dialog-input';
import { TextField } from './form/TextField';
import { AlertIcon } from './icons/AlertIcon';
import { CloseIcon } from './icons/CloseIcon';

/** Renders the one open alert in the platform's modal <dialog> (focus trap and Escape come with it). */
export function AlertHost() {
  const alert = useSyncExternalStore(subscribeAlerts, currentAlert, () => null);
  if (!alert) return null;
  return alert.html ? <HtmlErrorDialog key={alert.id} alert={alert} /> : <AlertDialog key={alert.id} alert={alert} />;
}

function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}

function AlertDialog({ alert }: { alert: OpenAlert }) {
  const ref = useModal();
  const titleId = `alert-title-${alert.id}`;
  const textId = `alert-text-${alert.id}`;
  const [value, setValue] = useState(alert.input?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const problem = alert.input ? dialogInputError(alert.input.type, value) : null;
    setError(problem);
    if (!problem) answerAlert('confirm', value.trim());
  };
  return (
    <dialog
      ref={ref}
      className="alert-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        answerAlert('cancel');
      }}
    >
      <form onSubmit={confirm} noValidate>
        <div className="alert-content">
          <div className={`alert-icon alert-icon-${alert.tone}`}>
            <AlertIcon size={28} />
          </div>
          <h2 id={titleId} className="alert-title">
            {alert.title}
          </h2>
          <p id={textId} className="alert-text">
            {alert.text}
          </p>
          {alert.input ? (
            <TextField
              id={`alert-input-${alert.id}`}
              name="alert-input"
              label={alert.input.label}
              type={alert.input.type}
              value={value}
              autoFocus
              error={error ?? undefined}
              onValueChange={setValue}
              onKeyDown={() => setError(null)}
            />
          ) : null}
        </div>
        <div className="alert-actions">
          {alert.cancelLabel ? (
            <button type="button" className="btn btn-secondary" onClick={() => answerAlert('cancel')}>
              {alert.cancelLabel}
            </button>
          ) : null}
          {alert.denyLabel ? (
            <button type="button" className="btn btn-secondary" onClick={() => answerAlert('deny')}>
              {alert.denyLabel}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" autoFocus={!alert.input}>
            {alert.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Seed, section 8: a 5xx answer in HTML is shown full-screen in a frame; sandboxed, so its scripts never run. */
function HtmlErrorDialog({ alert }: { alert: OpenAlert }) {
  const ref = useModal();
  return (
    <dialog
      ref={ref}
      className="html-error-dialog"
      aria-label={alert.title}
      onCancel={(event) => {
        event.preventDefault();
        answerAlert('cancel');
      }}
    >
      <div className="html-error-bar">
        <strong>{alert.title}</strong>
        <button type="button" className="icon-btn" style={{ color: '#fff' }} autoFocus onClick={() => answerAlert('confirm')}>
          <CloseIcon />
          <span className="visually-hidden">
            <Trans>Close</Trans>
          </span>
        </button>
      </div>
      <iframe title={alert.title} sandbox="" srcDoc={alert.html} />
    </dialog>
  );
}
