import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectIsAdmin } from '../../../machines/session/session.selectors';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeader } from '../../ui/PageHeader';
import { SectionTabs } from '../../ui/SectionTabs';
import { partnerMeQuery } from './api/partner-queries';
import { ProgramScreen } from './ProgramScreen';
import './investor.css';

/**
 * /{lang}/investor and its sections. A partner gets the sections as tabs; anyone else, on any of
 * these addresses, the program's description with the application (or its status).
 */
export function InvestorLayout() {
  const { t } = useLingui();
  usePageTitle(t`Partner program`);
  const me = useQuery(partnerMeQuery(), queryClient);
  const isAdmin = useSelector(useRuntime().session, selectIsAdmin);
  const partner = me.data?.status === 'partner';

  return (
    <>
      <PageHeader
        eyebrow={t`Client area`}
        title={t`Partner program`}
        lead={partner ? t`Your links, the clients they brought and the rewards they earned, each traced to its source.` : t`Introduce clients to Traderoom and earn from their activity.`}
      />
      {isAdmin ? (
        <StaffNote />
      ) : me.isError && !me.data ? (
        <LoadError onRetry={() => void me.refetch()} retrying={me.isFetching}>
          <Trans>Your partner status could not be loaded.</Trans>
        </LoadError>
      ) : !me.data ? (
        <LoadingState />
      ) : partner ? (
        <>
          <PartnerTabs />
          <Outlet />
        </>
      ) : (
        <ProgramScreen me={me.data} />
      )}
    </>
  );
}

function PartnerTabs() {
  const { t } = useLingui();
  return (
    <SectionTabs
      label={t`Partner program sections`}
      tabs={[
        { to: '/$lang/investor', label: t`Dashboard`, exact: true },
        { to: '/$lang/investor/links', label: t`Links` },
        { to: '/$lang/investor/clients', label: t`Clients` },
        { to: '/$lang/investor/rewards', label: t`Rewards` },
        { to: '/$lang/investor/payouts', label: t`Payouts` },
        { to: '/$lang/investor/sub-partners', label: t`Sub-partners` },
      ]}
    />
  );
}

/** Staff run the program from the administration; they are nobody's partner. */
function StaffNote() {
  const lang = useLang();
  return (
    <div className="card investor-note">
      <p>
        <Trans>Staff manage applications, plans, partners and flagged registrations in the administration.</Trans>
      </p>
      <Link to="/$lang/administration/partners" params={{ lang }} className="btn btn-secondary">
        <Trans>Open the partners administration</Trans>
      </Link>
    </div>
  );
}
