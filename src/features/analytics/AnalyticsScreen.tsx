import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectIsDark } from '../../../machines/theme/theme.selectors';
import { intlLocale } from '../../../contract/locales';
import { BALANCE_RANGES, type BalanceRange, type TradingAccount } from '../../../contract/trading';
import { queryClient } from '../../data/query-client';
import { formatMoney } from '../../../contract/money';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { accountsQuery, balanceHistoryQuery } from '../accounts';
import { BalanceChart } from './BalanceChart';
import { TradingResults } from './TradingResults';
import './analytics.css';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';

export function AnalyticsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Analytics`);
  const accounts = useQuery(accountsQuery(), queryClient);
  const list = accounts.data ?? [];
  const [chosen, setChosen] = useState('');
  const [range, setRange] = useState<BalanceRange>('90d');
  const account = list.find((a) => String(a.id) === chosen) ?? list[0];

  return (
    <>
      <PageHeader eyebrow={t`Client area`} title={t`Analytics`} lead={t`How the balance of each account has moved, and how its trading went.`} />
      {accounts.isError && !accounts.data ? (
        <LoadError onRetry={() => void accounts.refetch()} retrying={accounts.isFetching} className="money-error">
          <Trans>Your accounts could not be loaded.</Trans>
        </LoadError>
      ) : accounts.isPending ? (
        <LoadingState />
      ) : !account ? (
        <EmptyState icon={<ChartIcon />} title={t`No trading accounts yet`}>
          <p>
            <Trans>Open an account on the home page; its balance chart appears here.</Trans>
          </p>
        </EmptyState>
      ) : (
        <div className="analytics-layout">
          <section className="card" aria-labelledby="chart-title">
            <div className="chart-toolbar">
              <div className="analytics-account">
                <SelectField label={t`Account`} name="account" value={String(account.id)} onValueChange={setChosen}>
                  {list.map((a) => (
                    <option key={a.id} value={String(a.id)}>
                      {a.number} · {a.currency.code} · {a.type === 'demo' ? t`Demo` : t`Live`}
                    </option>
                  ))}
                </SelectField>
              </div>
              <RangePicker range={range} onChange={setRange} />
            </div>
            <AccountChart key={`${account.id}:${range}`} account={account} range={range} />
          </section>
          <TradingResults key={account.id} account={account} />
        </div>
      )}
    </>
  );
}

function RangePicker({ range, onChange }: { range: BalanceRange; onChange: (range: BalanceRange) => void }) {
  const { t } = useLingui();
  const labels: Record<BalanceRange, string> = { '7d': t`7 days`, '30d': t`30 days`, '90d': t`90 days`, '1y': t`1 year`, all: t`All time` };
  return (
    <SegmentedControl label={t`Period`} options={BALANCE_RANGES.map((r) => ({ value: r, label: labels[r] }))} value={range} onChange={onChange} />
  );
}

function AccountChart({ account, range }: { account: TradingAccount; range: BalanceRange }) {
  const { t } = useLingui();
  const lang = useLang();
  const dark = useSelector(useRuntime().theme, selectIsDark);
  const history = useQuery(balanceHistoryQuery(account.id, range), queryClient);
  if (history.isError && !history.data) {
    return (
      <LoadError onRetry={() => void history.refetch()} retrying={history.isFetching} className="money-error card-error">
        <Trans>The balance history could not be loaded.</Trans>
      </LoadError>
    );
  }
  if (!history.data) return <LoadingState />;
  const points = history.data.points;
  const first = points[0]?.balance ?? 0;
  const last = points.at(-1)?.balance ?? 0;
  const change = last - first;
  const money = (minor: number, sign = false) => formatMoney(minor, account.currency.code, account.currency.precision, lang, { sign });
  const high = Math.max(...points.map((p) => p.balance));
  const low = Math.min(...points.map((p) => p.balance));
  const percent = first === 0 ? null : new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change / first);

  return (
    <>
      <h2 id="chart-title" className="visually-hidden">
        <Trans>Balance of account {account.number}</Trans>
      </h2>
      <dl className="stat-grid chart-stats">
        <Stat label={t`Balance now`} value={money(last)} />
        <Stat label={t`Change over the period`} value={percent ? `${money(change, true)} (${percent})` : money(change, true)} />
        <Stat label={t`Highest`} value={money(high)} />
        <Stat label={t`Lowest`} value={money(low)} />
      </dl>
      <ul className="chart-legend" aria-hidden="true">
        <li className="legend-balance">{t`Balance`}</li>
        <li className="legend-equity">{t`Equity`}</li>
      </ul>
      <BalanceChart history={history.data} dark={dark} label={t`Balance of account ${account.number} from ${points[0]?.date ?? ''} to ${points.at(-1)?.date ?? ''}: from ${money(first)} to ${money(last)}.`} />
    </>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value amount" style={{ margin: 0, fontSize: 'var(--text-lg)' }}>
        {value}
      </dd>
    </div>
  );
}
