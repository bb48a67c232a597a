import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useLang } from '../../lib/use-lang';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';

/** The server's reason for refusing a wallet operation until the identity is verified, and the way there. */
export function VerificationNotice({ message }: { message: string }) {
  const lang = useLang();
  return (
    <div className="banner banner-warning verification-notice" role="alert">
      <ShieldIcon size={18} />
      <div>
        <p>{message}</p>
        <p>
          <Link to="/$lang/settings/verification" params={{ lang }} className="verification-notice-link">
            <Trans>Verify your identity</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}
