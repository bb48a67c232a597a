import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectIsDark } from '../../../machines/theme/theme.selectors';
import { BALANCE_RANGES, type BalanceRange } from '../../../contract/trading';
import { queryClient } from '../../data/query-client';
import { useRuntime } from '../../lib/runtime-context';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { curveQuery } from './api/fetch-curve';
import { CurveChart } from './CurveChart';

/** The balance and equity curve over a chosen period. */
export function EquityCurveCard({ login, currency, precision }: { login: string; currency: string; precision: number }) {
  const { t } = useLingui();
  const [range, setRange] = useState<BalanceRange>('30d');
  const dark = useSelector(useRuntime().theme, selectIsDark);
  const curve = useQuery(curveQuery(login, range), queryClient);
  const labels: Record<BalanceRange, string> = { '7d': t`7 days`, '30d': t`30 days`, '90d': t`90 days`, '1y': t`1 year`, all: t`All time` };
  return (
    <section className="card" aria-labelledby="curve-title">
      <div className="chart-toolbar">
        <h2 id="curve-title" className="section-title-sm">
          <Trans>Balance and equity</Trans>
        </h2>
        <SegmentedControl label={t`Period`} options={BALANCE_RANGES.map((r) => ({ value: r, label: labels[r] }))} value={range} onChange={setRange} small />
      </div>
      {curve.error ? (
        <LoadError onRetry={() => void curve.refetch()} retrying={curve.isFetching} className="money-error card-error">
          <Trans>The balance and equity curve could not be loaded.</Trans>
        </LoadError>
      ) : curve.isPending ? (
        <LoadingState />
      ) : (
        <>
          <ul className="chart-legend" aria-hidden="true">
            <li className="legend-balance">{t`Balance`}</li>
            <li className="legend-equity">{t`Equity`}</li>
          </ul>
          <CurveChart points={curve.data} currency={currency} precision={precision} dark={dark} label={t`Balance and equity of the account over ${labels[range]}`} />
        </>
      )}
    </section>
  );
}
