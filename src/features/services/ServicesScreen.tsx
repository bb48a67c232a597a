import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { ServicesIcon } from '../../ui/icons';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { SUPPORT_EMAIL } from '../../ui/shell/NavLinks';

export function ServicesScreen() {
  const { t } = useLingui();
  usePageTitle(t`Services`);
  return (
    <>
      <PageHeader title={t`Services`} lead={t`Consultations, trading infrastructure and education for our clients.`} />
      <EmptyState icon={<ServicesIcon />} title={t`Ask your manager`}>
        <p>
          <Trans>Your personal manager will tell you which services are available for your accounts.</Trans>
        </p>
        <a className="btn btn-secondary" href={`mailto:${SUPPORT_EMAIL}`}>
          <Trans>Contact support</Trans>
        </a>
      </EmptyState>
    </>
  );
}
