import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { useLang } from '../../lib/use-lang';
import { PageHeader } from '../../ui/PageHeader';

export function AdministrationLayout() {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <>
      <PageHeader eyebrow={t`Staff only`} title={t`Administration`} />
      <nav className="tabs" aria-label={t`Administration sections`}>
        <Link to="/$lang/administration/chats" params={{ lang }} className="tab">
          <Trans>Chats</Trans>
        </Link>
        <Link to="/$lang/administration/calendar" params={{ lang }} className="tab">
          <Trans>Calendar</Trans>
        </Link>
      </nav>
      <Outlet />
    </>
  );
}
