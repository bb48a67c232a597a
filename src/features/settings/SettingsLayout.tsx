import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useRuntime } from '../../lib/runtime-context';
import { PageHeader } from '../../ui/PageHeader';
import { SectionTabs } from '../../ui/SectionTabs';

export function SettingsLayout() {
  const { t } = useLingui();
  const { session } = useRuntime();
  // Settings show the account as the server has it now (e.g. verified from the link in another tab).
  useEffect(() => session.send({ type: 'session.refresh' }), [session]);
  return (
    <>
      <PageHeader title={t`Settings`} lead={t`Your profile, the calendars you follow, your verification, your notifications, how you sign in and your data.`} />
      <SectionTabs
        label={t`Settings sections`}
        tabs={[
          { to: '/$lang/settings/profile', label: t`Profile` },
          { to: '/$lang/settings/settings', label: t`Calendars` },
          { to: '/$lang/settings/verification', label: t`Verification` },
          { to: '/$lang/settings/notifications', label: t`Notifications` },
          { to: '/$lang/settings/security', label: t`Security` },
          { to: '/$lang/settings/privacy', label: t`Privacy` },
        ]}
      />
      <Outlet />
    </>
  );
}
