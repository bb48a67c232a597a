import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { CalendarIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/PageHeader';

export function AdminCalendarScreen() {
  const { t } = useLingui();
  usePageTitle(t`Calendar`);
  return (
    <EmptyState icon={<CalendarIcon />} title={t`No events scheduled`}>
      <p>
        <Trans>Economic events you add here are shown to clients in their own time zone.</Trans>
      </p>
    </EmptyState>
  );
}
