import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../data/query-client';
import { OfficeHoursText } from './OfficeHoursText';
import { supportStatusQuery } from './support-status';

/** The support card's sentence with the hours staff set (GET /api/support/status). */
export function SupportHoursLine() {
  const hours = useQuery(supportStatusQuery, queryClient).data?.office_hours;
  return hours ? (
    <Trans>
      Questions about your accounts? Our support team answers <OfficeHoursText hours={hours} />.
    </Trans>
  ) : (
    <Trans>Questions about your accounts? Our support team answers here.</Trans>
  );
}
