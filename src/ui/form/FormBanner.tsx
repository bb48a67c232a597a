import { AlertIcon } from '../icons';

/** The form's generic error (data.message when no field carries it), announced to screen readers. */
export function FormBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert">
      <AlertIcon size={18} />
      <span>{message}</span>
    </div>
  );
}
