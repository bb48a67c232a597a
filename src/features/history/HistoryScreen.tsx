import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { HistoryIcon } from '../../ui/icons';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { ServiceRequestsList } from '../services/ServiceRequestsList';

export function HistoryScreen() {
  const { t } = useLingui();
  usePageTitle(t`History`);
  return (
    <>
      <PageHeader title={t`History`} lead={t`Deposits, withdrawals, transfers and service requests.`} />
      <EmptyState icon={<HistoryIcon />} title={t`No operations yet`}>
        <p>
          <Trans>Operations on your trading accounts will appear here.</Trans>
        </p>
      </EmptyState>
      <ServiceRequestsList />
    </>
  );
}
