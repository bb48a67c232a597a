import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ADMIN_PRESENCE_NAME } from '../../../contract/support';
import { realtime } from '../../lib/realtime';
import { RECONNECT_DELAYS_MS } from '../../lib/reconnect';
import { PageHeader } from '../../ui/PageHeader';
import { SectionTabs } from '../../ui/SectionTabs';

export function AdministrationLayout() {
  const { t } = useLingui();
  useStaffPresence();
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
          { to: '/$lang/administration/partners', label: t`Partners` },
          { to: '/$lang/administration/strategies', label: t`Strategies` },
          { to: '/$lang/administration/audit', label: t`Audit log` },
        ]}
      />
      <Outlet />
    </>
  );
}

/**
 * An agent anywhere in the administration is "support online" for the clients' widgets: the
 * layout holds `presence-admin.chats` for as long as any staff page is open, so support goes
 * away when the last agent's last tab leaves the administration (docs/realtime.md).
 */
function useStaffPresence(): void {
  useEffect(
    () =>
      realtime.subscribe(
        ADMIN_PRESENCE_NAME,
        { catchUp: null },
        { presence: true, retryDelays: RECONNECT_DELAYS_MS, onUnavailable: (error) => console.error('realtime unavailable', error) },
      ),
    [],
  );
}
