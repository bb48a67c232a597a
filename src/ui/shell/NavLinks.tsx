import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { selectLocale } from '../../../machines/locale/locale.selectors';
import { selectIsAdmin } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { CalendarIcon } from '../icons/CalendarIcon';
import { ChartIcon } from '../icons/ChartIcon';
import { HistoryIcon } from '../icons/HistoryIcon';
import { HomeIcon } from '../icons/HomeIcon';
import { InvestIcon } from '../icons/InvestIcon';
import { NewsIcon } from '../icons/NewsIcon';
import { RocketIcon } from '../icons/RocketIcon';
import { ServicesIcon } from '../icons/ServicesIcon';
import { SettingsIcon } from '../icons/SettingsIcon';
import { ShieldIcon } from '../icons/ShieldIcon';
import { TicketIcon } from '../icons/TicketIcon';
import { UsersIcon } from '../icons/UsersIcon';
import { WalletIcon } from '../icons/WalletIcon';

/** The client area's navigation, shared by the sidebar and the mobile menu. */
type NavTarget =
  | '/$lang/home'
  | '/$lang/wallet'
  | '/$lang/ipo'
  | '/$lang/investor'
  | '/$lang/investing'
  | '/$lang/analytics'
  | '/$lang/articles'
  | '/$lang/calendar'
  | '/$lang/services'
  | '/$lang/tickets'
  | '/$lang/history'
  | '/$lang/settings'
  | '/$lang/administration';

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useLingui();
  const { session, locale } = useRuntime();
  const lang = useSelector(locale, selectLocale);
  const isAdmin = useSelector(session, selectIsAdmin);
  const entries: Array<{ to: NavTarget; icon: ReactNode; label: string }> = [
    { to: '/$lang/home', icon: <HomeIcon />, label: t`Home` },
    // Staff hold no trading accounts: the money screens are the clients'.
    ...(isAdmin
      ? []
      : [
          { to: '/$lang/wallet' as const, icon: <WalletIcon />, label: t`Wallet` },
          { to: '/$lang/analytics' as const, icon: <ChartIcon />, label: t`Analytics` },
          { to: '/$lang/ipo' as const, icon: <RocketIcon />, label: t`IPO` },
          { to: '/$lang/investor' as const, icon: <UsersIcon />, label: t`Partner program` },
          { to: '/$lang/investing' as const, icon: <InvestIcon />, label: t`Investing` },
        ]),
    { to: '/$lang/history', icon: <HistoryIcon />, label: t`History` },
    { to: '/$lang/calendar', icon: <CalendarIcon />, label: t`Calendar` },
    { to: '/$lang/articles', icon: <NewsIcon />, label: t`Articles` },
    { to: '/$lang/services', icon: <ServicesIcon />, label: t`Services` },
    // Staff answer tickets in the administration; the client's own list is the clients'.
    ...(isAdmin ? [] : [{ to: '/$lang/tickets' as const, icon: <TicketIcon />, label: t`Tickets` }]),
    { to: '/$lang/settings', icon: <SettingsIcon />, label: t`Settings` },
    // Seed: the Administration entry is for admins only.
    ...(isAdmin ? [{ to: '/$lang/administration' as const, icon: <ShieldIcon />, label: t`Administration` }] : []),
  ];
  return (
    <nav aria-label={t({ message: 'Main', comment: 'Accessible name of the main navigation' })}>
      <ul className="nav-list">
        {entries.map(({ to, icon, label }) => (
          <li key={to}>
            <Link to={to} params={{ lang }} className="nav-link" onClick={onNavigate}>
              {icon}
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const SUPPORT_EMAIL = 'support@traderoom.test';

/** The hours come with TanStack Query, which stays off the sign-in path: the sentence loads on its own. */
const SupportHoursLine = lazy(() => import('../chat/SupportHoursLine').then((m) => ({ default: m.SupportHoursLine })));

/** For clients: staff are the managers, so they get no card pointing them to one. */
export function SupportCard() {
  const isAdmin = useSelector(useRuntime().session, selectIsAdmin);
  if (isAdmin) return null;
  return (
    <div className="support-card">
      <strong>
        <Trans>Your personal manager</Trans>
      </strong>
      <p>
        <Suspense fallback={<Trans>Questions about your accounts? Our support team answers here.</Trans>}>
          <SupportHoursLine />
        </Suspense>
      </p>
      <a href={`mailto:${SUPPORT_EMAIL}`}>
        <Trans>Contact support</Trans>
      </a>
    </div>
  );
}
