import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { useLang } from '../../lib/use-lang';
import { PageHeader } from '../../ui/PageHeader';

export function SettingsLayout() {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <>
      <PageHeader title={t`Settings`} lead={t`Your profile, the calendars you follow and your verification.`} />
      <nav className="tabs" aria-label={t`Settings sections`}>
        <Link to="/$lang/settings/profile" params={{ lang }} className="tab">
          <Trans>Profile</Trans>
        </Link>
        <Link to="/$lang/settings/settings" params={{ lang }} className="tab">
          <Trans>Calendars</Trans>
        </Link>
        <Link to="/$lang/settings/verification" params={{ lang }} className="tab">
          <Trans>Verification</Trans>
        </Link>
      </nav>
      <Outlet />
    </>
  );
}
