import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { CalendarIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/PageHeader';

export function CalendarSettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Calendars`);
  return (
    <EmptyState icon={<CalendarIcon />} title={t`Economic calendar`}>
      <p>
        <Trans>Choose the currencies and the importance of the events you follow, and your time zone.</Trans>
      </p>
    </EmptyState>
  );
}
