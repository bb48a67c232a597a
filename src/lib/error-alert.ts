import { t } from '@lingui/core/macro';
import { dialogButtons } from './dialog-buttons';
import { showAlert, type AlertAnswer } from './alerts';
import { errorBody, errorStatus } from './http';

/** The seed's generic error alert's text: the server's `error` or `message`, else its default. */
export function errorAlertText(failure: unknown): string {
  const body = errorBody(failure);
  if (typeof body === 'object' && body !== null) {
    for (const key of ['error', 'message'] as const) {
      const text = (body as Record<string, unknown>)[key];
      if (typeof text === 'string' && text.trim() !== '') return text;
    }
  }
  return t`There were some problems with your input.`;
}

/**
 * The generic error alert for an action that has no form to show its failure in. A 5xx has
 * already raised the server-error alert (src/lib/runtime.ts); this one shares it instead of stacking.
 */
export function showErrorAlert(failure: unknown): Promise<AlertAnswer> {
  const { confirmLabel, cancelLabel } = dialogButtons();
  const status = errorStatus(failure) ?? 0;
  return showAlert({
    kind: 'server-error',
    tone: 'error',
    title: t({ id: 'error_alert_title', message: 'Oops…' }),
    text: status >= 500 ? t({ id: 'error_alert_text', message: 'Something went wrong! Please try again.' }) : errorAlertText(failure),
    confirmLabel,
    cancelLabel,
  });
}
