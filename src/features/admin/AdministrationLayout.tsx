import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { PageHeader } from '../../ui/PageHeader';
import { SectionTabs } from '../../ui/SectionTabs';

export function AdministrationLayout() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader eyebrow={t`Staff only`} title={t`Administration`} />
      <SectionTabs
        label={t`Administration sections`}
        tabs={[
          { to: '/$lang/administration/chats', label: t`Chats` },
          { to: '/$lang/administration/canned-replies', label: t`Canned replies` },
          { to: '/$lang/administration/support', label: t({ message: 'Support', context: 'administration section' }) },
          { to: '/$lang/administration/tickets', label: t`Tickets` },
          { to: '/$lang/administration/calendar', label: t`Calendar` },
          { to: '/$lang/administration/verifications', label: t`Verifications` },
          { to: '/$lang/administration/requests', label: t`Requests` },
          { to: '/$lang/administration/payment-methods', label: t`Payment methods` },
          { to: '/$lang/administration/reconciliation', label: t`Reconciliation` },
          { to: '/$lang/administration/ipo', label: t`IPO` },
          { to: '/$lang/administration/audit', label: t`Audit log` },
        ]}
      />
      <Outlet />
    </>
  );
}
