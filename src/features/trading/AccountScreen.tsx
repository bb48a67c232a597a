import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { queryClient } from '../../data/query-client';
import { errorStatus } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { WalletIcon } from '../../ui/icons/WalletIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { AccountHeader } from './AccountHeader';
import { AccountSettings } from './AccountSettings';
import { AccountStateCard } from './AccountStateCard';
import { accountDetailsQuery } from './api/fetch-account-details';
import { platformQuery } from './api/fetch-platform';
import { DealsCard } from './DealsCard';
import { EquityCurveCard } from './EquityCurveCard';
import { mergeQuotes } from './live-quotes';
import { OrderTicket } from './OrderTicket';
import { PositionsCard } from './PositionsCard';
import { useAccountLive } from './use-account-live';
import './trading.css';

const route = getRouteApi('/$lang/_auth/accounts/$login/');

/** /{lang}/accounts/{login}: one trading account as the platform has it, live, with its ticket and self-service. */
export function AccountScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const { login } = route.useParams();
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  usePageTitle(t`Account ${login}`);
  const platform = useQuery(platformQuery(), queryClient);
  const details = useQuery(accountDetailsQuery(login), queryClient);
  useAccountLive(login);
  useEffect(() => {
    if (platform.data) mergeQuotes(platform.data.quotes);
  }, [platform.data]);

  if (details.error && errorStatus(details.error) === 404) {
    return (
      <EmptyState icon={<WalletIcon />} title={t`This account was not found`}>
        <p>
          <Trans>It is not one of your trading accounts, or its number is mistyped.</Trans>
        </p>
        <Link to="/$lang/home" params={{ lang }} className="btn btn-secondary">
          <Trans>Back to your accounts</Trans>
        </Link>
      </EmptyState>
    );
  }
  if ((details.error && !details.data) || (platform.error && !platform.data)) {
    return (
      <LoadError
        onRetry={() => {
          if (details.error) void details.refetch();
          if (platform.error) void platform.refetch();
        }}
        retrying={details.isFetching || platform.isFetching}
        className="money-error"
      >
        <Trans>The account could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!details.data || !platform.data) return <LoadingState />;

  const { account, state, positions } = details.data;
  const info = platform.data;
  return (
    <div className="trading-page">
      <AccountHeader account={account} state={state} platform={info} />
      <AccountStateCard state={state} platform={info} />
      <div className="trading-main">
        <PositionsCard login={login} positions={positions} platform={info} state={state} />
        <OrderTicket key={`${login}:${lang}`} login={login} platform={info} state={state} disabled={account.status !== 'active'} />
      </div>
      <EquityCurveCard login={login} currency={state.currency} precision={state.precision} />
      <DealsCard
        login={login}
        page={page}
        onPage={(next) => void navigate({ search: (s) => ({ ...s, page: next === 1 ? undefined : next }) })}
        platform={info}
        currency={state.currency}
        precision={state.precision}
      />
      <AccountSettings details={details.data} />
    </div>
  );
}
