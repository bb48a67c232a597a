import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { intlLocale } from '../../../contract/locales';
import type { TradingAccount } from '../../../contract/trading';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { formatPercent } from '../../ui/money/percent';
import { tradingStatsQuery } from './api/fetch-trading-stats';

/** The account's trading from its closed positions: profit and loss, win rate, trades and the deepest fall. */
export function TradingResults({ account }: { account: TradingAccount }) {
  const { t } = useLingui();
  const lang = useLang();
  const stats = useQuery(tradingStatsQuery(account.id), queryClient);
  const data = stats.data;
  const money = (minor: number, sign = false) => formatMoney(minor, data?.currency ?? account.currency.code, data?.precision ?? account.currency.precision, lang, { sign });

  return (
    <section className="card trading-results" aria-labelledby="results-title">
      <h2 id="results-title" className="card-title">
        <Trans>Trading results</Trans>
      </h2>
      {stats.isError && !data ? (
        <LoadError onRetry={() => void stats.refetch()} retrying={stats.isFetching} className="money-error card-error">
          <Trans>The trading results could not be loaded.</Trans>
        </LoadError>
      ) : !data ? (
        <LoadingState />
      ) : data.trades === 0 ? (
        <div className="results-empty">
          <span className="empty-icon">
            <ChartIcon />
          </span>
          <p className="results-empty-title">
            <Trans>No closed trades yet</Trans>
          </p>
          <p className="field-hint">
            <Trans>Profit and loss, win rate and drawdown appear here once a position on this account is closed.</Trans>
          </p>
        </div>
      ) : (
        <dl className="results-list">
          <div>
            <dt className="stat-label">
              <Trans>Profit and loss</Trans>
            </dt>
            <dd className={`stat-value amount ${data.profit > 0 ? 'amount-credit' : data.profit < 0 ? 'amount-debit' : ''}`}>{money(data.profit, true)}</dd>
            <dd className="field-hint">
              <Trans>
                Won {money(data.gross_profit)}, lost {money(Math.abs(data.gross_loss))}
              </Trans>
            </dd>
          </div>
          <div>
            <dt className="stat-label">
              <Trans>Win rate</Trans>
            </dt>
            <dd className="stat-value amount">{data.win_rate === null ? '—' : formatPercent(data.win_rate, lang, 1)}</dd>
            <dd className="field-hint">
              <Plural value={data.wins} one="# winning trade" other="# winning trades" />
            </dd>
          </div>
          <div>
            <dt className="stat-label">
              <Trans>Trades</Trans>
            </dt>
            <dd className="stat-value amount">{new Intl.NumberFormat(intlLocale(lang)).format(data.trades)}</dd>
            <dd className="field-hint">{t`Closed positions`}</dd>
          </div>
          <div>
            <dt className="stat-label">
              <Trans>Maximum drawdown</Trans>
            </dt>
            <dd className="stat-value amount">{money(data.max_drawdown)}</dd>
            <dd className="field-hint">
              {data.max_drawdown_percent === null ? t`From the highest balance` : t`${formatPercent(data.max_drawdown_percent, lang, 1)} from the highest balance`}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
