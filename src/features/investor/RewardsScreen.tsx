import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REWARD_KINDS, type RewardKind } from '../../../contract/partners';
import { queryClient } from '../../data/query-client';
import { SelectField } from '../../ui/choice/SelectField';
import { InboxIcon } from '../../ui/icons/InboxIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { partnerRewardsQuery } from './api/partner-queries';
import { REWARD_KIND_LABELS } from './investor-labels';
import { RewardRow } from './RewardRow';

/** Every reward line with what produced it and the rate applied, so that the partner can recompute it. */
export function RewardsScreen() {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<RewardKind | ''>('');
  const rewards = useInfiniteQuery({ ...partnerRewardsQuery(kind ? { kind } : {}), placeholderData: keepPreviousData }, queryClient);
  const lines = rewards.data?.pages.flatMap((page) => page.data) ?? [];
  const total = rewards.data?.pages[0]?.total ?? 0;

  return (
    <section className="card" aria-labelledby="rewards-title">
      <div className="chart-toolbar">
        <h2 id="rewards-title" className="investor-card-title">
          <Trans>Reward lines</Trans>
        </h2>
        <div className="investor-filter">
          <SelectField label={t`Source`} name="kind" value={kind} onValueChange={(value) => setKind(value as RewardKind | '')}>
            <option value="">{t`All sources`}</option>
            {REWARD_KINDS.map((k) => (
              <option key={k} value={k}>
                {i18n._(REWARD_KIND_LABELS[k])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {rewards.isError && !rewards.data ? (
        <LoadError onRetry={() => void rewards.refetch()} retrying={rewards.isFetching} className="money-error card-error">
          <Trans>The rewards could not be loaded.</Trans>
        </LoadError>
      ) : !rewards.data ? (
        <LoadingState />
      ) : lines.length === 0 ? (
        <div className="investor-pad">
          <EmptyState icon={<InboxIcon />} title={t`No rewards yet`}>
            <p>
              <Trans>A reward line appears for a client's first deposit and, daily, for the lots your clients trade on live accounts.</Trans>
            </p>
          </EmptyState>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table investor-table rewards-table">
              <thead>
                <tr>
                  <th scope="col">{t`Date`}</th>
                  <th scope="col">{t`Client`}</th>
                  <th scope="col">{t`Source`}</th>
                  <th scope="col" className="num">
                    {t`Volume or amount`}
                  </th>
                  <th scope="col" className="num">
                    {t`Rate`}
                  </th>
                  <th scope="col" className="num">
                    {t`Reward`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <RewardRow key={line.id} line={line} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="table-footer">
            <span>
              <Trans>
                {lines.length} of {total} lines
              </Trans>
            </span>
            {rewards.hasNextPage ? (
              <button type="button" className="btn btn-secondary" onClick={() => void rewards.fetchNextPage()} disabled={rewards.isFetchingNextPage} aria-busy={rewards.isFetchingNextPage}>
                <Trans>Show more</Trans>
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
