import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { formatMoney } from '../../../contract/money';
import { PARTNER_PERIODS, type Partner, type PartnerPeriod, type PartnerStats, type PartnerStatsRow } from '../../../contract/partners';
import { selectIsDark } from '../../../machines/theme/theme.selectors';
import { queryClient } from '../../data/query-client';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { partnerMeQuery, partnerStatsQuery } from './api/partner-queries';
import { formatCount, formatLots } from './investor-format';
import { PERIOD_LABELS } from './investor-labels';
import { PlanSummary } from './PlanSummary';
import { RewardsChart } from './RewardsChart';

/** The partner's dashboard: the wallet and plan, the period's figures, rewards over time, and each link's figures. */
export function DashboardScreen() {
  const { t, i18n } = useLingui();
  const [period, setPeriod] = useState<PartnerPeriod>('30d');
  const me = useQuery(partnerMeQuery(), queryClient);
  const stats = useQuery({ ...partnerStatsQuery(period), placeholderData: keepPreviousData }, queryClient);
  const partner = me.data?.partner;

  return (
    <div className="investor-stack">
      {partner ? <WalletAndPlan partner={partner} /> : null}
      <section className="card" aria-labelledby="period-title">
        <div className="chart-toolbar">
          <h2 id="period-title" className="investor-card-title">
            <Trans>Your results</Trans>
          </h2>
          <SegmentedControl
            label={t`Period`}
            options={PARTNER_PERIODS.map((p) => ({ value: p, label: i18n._(PERIOD_LABELS[p]) }))}
            value={period}
            onChange={setPeriod}
            small
          />
        </div>
        {stats.isError && !stats.data ? (
          <LoadError onRetry={() => void stats.refetch()} retrying={stats.isFetching} className="money-error card-error">
            <Trans>Your figures could not be loaded.</Trans>
          </LoadError>
        ) : !stats.data ? (
          <LoadingState />
        ) : (
          <>
            <Totals stats={stats.data} />
            <p className="field-hint investor-accrual-note">
              <Trans>Volume counts your clients’ trades as soon as they are made; rewards for them are credited once a day, for the previous day’s trades.</Trans>
            </p>
            <RewardsOverTime stats={stats.data} />
          </>
        )}
      </section>
      {stats.data && stats.data.links.length > 0 ? <LinksTable stats={stats.data} /> : null}
    </div>
  );
}

function WalletAndPlan({ partner }: { partner: Partner }) {
  const lang = useLang();
  const wallet = partner.wallet;
  return (
    <div className="investor-overview">
      <section className="card investor-wallet" aria-labelledby="wallet-title">
        <h2 id="wallet-title" className="stat-label">
          <Trans>Partner wallet</Trans>
        </h2>
        <p className="stat-value amount">{formatMoney(wallet.balance, wallet.currency, wallet.precision, lang)}</p>
        <p className="field-hint">
          <Trans>Available to pay out: {formatMoney(wallet.available, wallet.currency, wallet.precision, lang)}</Trans>
        </p>
      </section>
      <PlanSummary partner={partner} />
    </div>
  );
}

function Totals({ stats }: { stats: PartnerStats }) {
  const { t } = useLingui();
  const lang = useLang();
  const row = stats.totals;
  const figures = [
    { label: t`Clicks`, value: formatCount(row.clicks, lang) },
    { label: t`Registrations`, value: formatCount(row.registrations, lang) },
    { label: t({ message: 'Verified', context: 'partner figures' }), value: formatCount(row.verified, lang) },
    { label: t({ message: 'Funded', context: 'partner figures' }), value: formatCount(row.funded, lang) },
    { label: t`Volume, lots`, value: formatLots(row.volume_lots, lang) },
    { label: t`Rewards`, value: formatMoney(row.rewards, stats.currency, stats.precision, lang) },
  ];
  return (
    <dl className="investor-totals">
      {figures.map((figure) => (
        <div key={figure.label}>
          <dt className="stat-label">{figure.label}</dt>
          <dd className="stat-value amount">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Rewards per day of the period, from the statistics' daily series (summed per day by the server). */
function RewardsOverTime({ stats }: { stats: PartnerStats }) {
  const { t } = useLingui();
  const dark = useSelector(useRuntime().theme, selectIsDark);
  if (!stats.daily.some((d) => d.rewards.cpa + d.rewards.lot + d.rewards.second_level > 0)) {
    return (
      <div className="investor-empty">
        <span className="empty-icon">
          <ChartIcon />
        </span>
        <p className="investor-empty-title">
          <Trans>No rewards in this period yet</Trans>
        </p>
        <p className="field-hint">
          <Trans>Rewards appear here once your clients fund their accounts and trade.</Trans>
        </p>
      </div>
    );
  }
  return <RewardsChart daily={stats.daily} currency={stats.currency} precision={stats.precision} dark={dark} label={t`Rewards per day`} />;
}

function LinksTable({ stats }: { stats: PartnerStats }) {
  const { t } = useLingui();
  const lang = useLang();
  const cells = (row: PartnerStatsRow) => [
    formatCount(row.clicks, lang),
    formatCount(row.registrations, lang),
    formatCount(row.verified, lang),
    formatCount(row.funded, lang),
    formatLots(row.volume_lots, lang),
    formatMoney(row.rewards, stats.currency, stats.precision, lang),
  ];
  const heads = [
    t`Clicks`,
    t`Registrations`,
    t({ message: 'Verified', context: 'partner figures' }),
    t({ message: 'Funded', context: 'partner figures' }),
    t`Volume, lots`,
    t`Rewards`,
  ];
  return (
    <section className="card" aria-labelledby="per-link-title">
      <h2 id="per-link-title" className="card-title">
        <Trans>By link</Trans>
      </h2>
      <div className="table-wrap">
        <table className="data-table investor-table">
          <thead>
            <tr>
              <th scope="col">{t`Campaign`}</th>
              {heads.map((head) => (
                <th key={head} scope="col" className="num">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stats.links.map((row) => (
              <tr key={row.link?.id ?? 'none'}>
                <th scope="row">
                  {row.link?.campaign ?? t`Without a link`}
                  {row.link ? <span className="cell-sub mono">{row.link.code}</span> : null}
                </th>
                {cells(row).map((value, index) => (
                  <td key={heads[index]} className="num" data-label={heads[index]}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
