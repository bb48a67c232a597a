import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectLocale } from '../../../machines/locale/locale.selectors';
import { selectIsAdmin } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { HistoryIcon, HomeIcon, ServicesIcon, SettingsIcon, ShieldIcon } from '../icons';

/** The client area's navigation, shared by the sidebar and the mobile menu. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { session, locale } = useRuntime();
  const lang = useSelector(locale, selectLocale);
  const isAdmin = useSelector(session, selectIsAdmin);
  const linkProps = { className: 'nav-link', onClick: onNavigate } as const;
  return (
    <nav aria-label="Main">
      <ul className="nav-list">
        <li>
          <Link to="/$lang/home" params={{ lang }} {...linkProps}>
            <HomeIcon />
            <Trans>Home</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$lang/services" params={{ lang }} {...linkProps}>
            <ServicesIcon />
            <Trans>Services</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$lang/history" params={{ lang }} {...linkProps}>
            <HistoryIcon />
            <Trans>History</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$lang/settings" params={{ lang }} {...linkProps}>
            <SettingsIcon />
            <Trans>Settings</Trans>
          </Link>
        </li>
        {isAdmin ? (
          <li>
            <Link to="/$lang/administration" params={{ lang }} {...linkProps}>
              <ShieldIcon />
              <Trans>Administration</Trans>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export const SUPPORT_EMAIL = 'support@traderoom.test';

export function SupportCard() {
  return (
    <div className="support-card">
      <strong>
        <Trans>Your personal manager</Trans>
      </strong>
      <p>
        <Trans>Questions about your accounts? Our support team answers on weekdays, 9:00–18:00.</Trans>
      </p>
      <a href={`mailto:${SUPPORT_EMAIL}`}>
        <Trans>Contact support</Trans>
      </a>
    </div>
  );
}
