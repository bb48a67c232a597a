import { useLingui } from '@lingui/react/macro';
import { DEFAULT_FORM_ERROR, NETWORK_FORM_ERROR } from '../../../machines/form/form-errors';
import { AlertIcon } from '../icons/AlertIcon';

/** The form's generic error (data.message when no field carries it), announced to screen readers. */
export function FormBanner({ message }: { message: string | null }) {
  const { t } = useLingui();
  if (!message) return null;
  // The form machine's own texts arrive as their English keys; the server's are already translated.
  const text =
    message === NETWORK_FORM_ERROR
      ? t`Could not reach the server. Check your connection and try again.`
      : message === DEFAULT_FORM_ERROR
        ? t`Something went wrong. Please try again.`
        : message;
  return (
    <div className="banner banner-error" role="alert">
      <AlertIcon size={18} />
      <span>{text}</span>
    </div>
  );
}
