import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Deal, isMoneyDeal, type PlatformInfo } from '../../../contract/platform';
import { queryClient } from '../../data/query-client';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { Pager } from '../../ui/Pager';
import { dealsQuery } from './api/fetch-deals';
import { DealsTable } from './DealsTable';

/** Closed positions and money movements on the platform, newest first, a page at a time. */
export function DealsCard({
  login,
  page,
  onPage,
  platform,
  currency,
  precision,
}: {
  login: string;
  page: number;
  onPage: (page: number) => void;
  platform: PlatformInfo;
  currency: string;
  precision: number;
}) {
  const { t } = useLingui();
  const deals = useQuery({ ...dealsQuery(login, page), placeholderData: keepPreviousData }, queryClient);
  const meta = deals.data?.meta;
  return (
    <section className="card" aria-labelledby="deals-title">
      <div className="card-title section-row">
        <h2 id="deals-title">
          <Trans>Deals</Trans>
        </h2>
        {/* Without a period the deals call answers everything since the account was opened (docs/adr/0080). */}
        <span className="field-hint">{t`Newest first, since the account was opened. A statement covers any period you choose.`}</span>
      </div>
      {deals.error ? (
        <LoadError onRetry={() => void deals.refetch()} retrying={deals.isFetching} className="money-error card-error">
          <Trans>The deals could not be loaded.</Trans>
        </LoadError>
      ) : deals.isPending ? (
        <LoadingState />
      ) : deals.data.data.length === 0 ? (
        <p className="positions-empty">{t`No deals yet: orders, closed positions and money movements appear here.`}</p>
      ) : (
        <>
          <DealsTable deals={deals.data.data} platform={platform} currency={currency} precision={precision} busy={deals.isFetching} />
          <div className="table-footer">
            <span>
              <Plural value={meta?.total ?? 0} one="# deal" other="# deals" />
            </span>
            {meta ? <Pager page={meta.current_page} lastPage={meta.last_page} onPage={onPage} /> : null}
          </div>
        </>
      )}
    </section>
  );
}

export function useDealLabels() {
  const { t } = useLingui();
  return {
    kind: (deal: Deal) =>
      deal.kind === 'balance'
        ? isMoneyDeal(deal)
          ? deal.profit >= 0
            ? t`Deposit`
            : t`Withdrawal`
          : t`Negative balance correction`
        : deal.kind === 'buy'
          ? t`Buy`
          : t`Sell`,
    entry: (deal: Deal) => (deal.entry === 'in' ? t`open` : deal.entry === 'out' ? t`close` : ''),
    reason: (deal: Deal) =>
      ({ client: t`By you`, stop_loss: t`Stop-loss`, take_profit: t`Take-profit`, stop_out: t`Stop-out`, balance: t`Money` })[deal.reason],
  };
}

