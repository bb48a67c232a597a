import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { selectIsAdmin, selectUser } from '../../../machines/session/session.selectors';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { HistoryIcon } from '../../ui/icons/HistoryIcon';
import { ServicesIcon } from '../../ui/icons/ServicesIcon';
import { SettingsIcon } from '../../ui/icons/SettingsIcon';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';
import { TradingAccounts } from '../accounts';
import { ArticlesSection } from '../articles';
import { holdingsQuery, IpoHoldings } from '../ipo';
import { HomeHead } from './HomeHead';
import { useLiveAccounts } from './use-live-accounts';

export function HomeScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const { session } = useRuntime();
  const user = useSelector(session, selectUser);
  const isAdmin = useSelector(session, selectIsAdmin);
  usePageTitle(t`Home`);
  // A client's home holds back what follows the accounts until the accounts (with their limits) and
  // the IPO holdings have first answered: the holdings come in above the overview, and nothing
  // already drawn may move (the cards and the holdings settle at about the same time). Held back,
  // not unmounted: the sections below load meanwhile. Staff have neither.
  const [accountsSettled, setAccountsSettled] = useState(false);
  const onAccountsSettled = useCallback(() => setAccountsSettled(true), []);
  const holdings = useQuery({ ...holdingsQuery(lang), enabled: user !== null && !isAdmin }, queryClient);
  // Answered, or failed once (a retry that finds holdings later adds the section, as before).
  const holdingsSettled = !holdings.isPending || holdings.failureCount > 0;
  // Once shown, shown: a language switch's new holdings query does not hide the sections again.
  const [shown, setShown] = useState(false);
  const settled = shown || isAdmin || (accountsSettled && holdingsSettled);
  if (settled && !shown && user) setShown(true);
  if (!user) return null;

  return (
    <>
      <HomeHead user={user} isAdmin={isAdmin} />
      {isAdmin ? null : <TradingAccounts useLive={useLiveAccounts} onSettled={onAccountsSettled} />}
      <div hidden={!settled}>
        {isAdmin ? null : <IpoHoldings />}
        <section aria-labelledby="overview-title" style={{ marginTop: 'var(--space-6)' }}>
          <h2 id="overview-title" className="visually-hidden">
            <Trans>Overview</Trans>
          </h2>
          <div className="stat-grid">
            <div className="card stat">
              <p className="stat-label">
                <Trans>E-mail</Trans>
              </p>
              <p className="stat-value" style={{ fontSize: 'var(--text-md)', wordBreak: 'break-all' }}>
                {user.email}
              </p>
              <p className="field-hint">
                {user.email_verified_at ? (
                  <Trans>Verified</Trans>
                ) : (
                  <Link to="/$lang/settings/verification" params={{ lang }}>
                    <Trans>Not verified yet</Trans>
                  </Link>
                )}
              </p>
            </div>
            {isAdmin ? (
              <div className="card stat">
                <p className="stat-label">
                  <Trans>Role</Trans>
                </p>
                <p className="stat-value">{t`Administrator`}</p>
              </div>
            ) : null}
          </div>
        </section>
        <section aria-labelledby="shortcuts-title" style={{ marginTop: 'var(--space-6)' }}>
          <h2 id="shortcuts-title" style={{ fontSize: 'var(--text-lg)', marginBottom: 'var(--space-4)' }}>
            <Trans>Shortcuts</Trans>
          </h2>
          <div className="stat-grid">
            <Shortcut to="/$lang/services" icon={<ServicesIcon />} title={t`Services`} text={t`What we offer our clients.`} />
            <Shortcut to="/$lang/history" icon={<HistoryIcon />} title={t`History`} text={t`Every operation on your accounts.`} />
            <Shortcut to="/$lang/settings/profile" icon={<SettingsIcon />} title={t`Settings`} text={t`Profile, calendars and verification.`} />
            {isAdmin ? (
              <Shortcut
                to="/$lang/administration/chats"
                icon={<ShieldIcon />}
                title={t`Administration`}
                text={t`Client chats and the calendar.`}
              />
            ) : null}
          </div>
        </section>
        <ArticlesSection />
      </div>
    </>
  );
}

function Shortcut({
  to,
  icon,
  title,
  text,
}: {
  to: '/$lang/services' | '/$lang/history' | '/$lang/settings/profile' | '/$lang/administration/chats';
  icon: React.ReactNode;
  title: string;
  text: string;
}) {
  const lang = useLang();
  return (
    <Link to={to} params={{ lang }} className="card stat shortcut">
      <span className="empty-icon">
        {icon}
      </span>
      <strong>{title}</strong>
      <span className="field-hint">{text}</span>
    </Link>
  );
}
