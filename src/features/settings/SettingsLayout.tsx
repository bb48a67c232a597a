import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { SectionTabs } from '../../ui/SectionTabs';

export function SettingsLayout() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Settings`} lead={t`Your profile, the calendars you follow and your verification.`} />
      <SectionTabs
        label={t`Settings sections`}
        tabs={[
          { to: '/$lang/settings/profile', label: t`Profile` },
          { to: '/$lang/settings/settings', label: t`Calendars` },
          { to: '/$lang/settings/verification', label: t`Verification` },
        ]}
      />
      <Outlet />
    </>
  );
}
