import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { STRATEGY_PERIOD_DEFAULT, STRATEGY_PERIODS, type StrategyDetails } from '../../../contract/investing';
import { selectIsAdmin } from '../../../machines/session/session.selectors';
import { selectIsDark } from '../../../machines/theme/theme.selectors';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatPrice, platformQuery } from '../trading';
import { strategyQuery } from './api/fetch-strategy';
import { EquityChart } from './EquityChart';
import { FeePlanText } from './FeePlanText';
import { FollowDialog } from './FollowDialog';
import { count, dateTime, minutes, money, percent, tone } from './investing-format';
import { PERIOD_LABELS } from './investing-labels';
import { RiskExplanation } from './RiskScore';
import { StrategyFacts } from './StrategyFacts';
import './investing.css';

const route = getRouteApi('/$lang/_auth/investing/strategies/$strategyId');

/** A strategy: its equity, figures, fee plan in plain words, the delayed history of its trades, and Follow. */
export function StrategyScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const id = Number(route.useParams().strategyId) || 0;
  const period = route.useSearch().period ?? STRATEGY_PERIOD_DEFAULT;
  const query = useQuery({ ...strategyQuery(id, period, lang), placeholderData: (previous) => previous }, queryClient);
  usePageTitle(query.data ? query.data.name : t`Strategy`);
  return (
    <>
      <p className="back-link">
        <Link to="/$lang/investing" params={{ lang }}>
          <Trans>← All strategies</Trans>
        </Link>
      </p>
      <QueryState
        query={query}
        notFound={{
          statuses: [403, 404, 422],
          title: <Trans>Strategy not found</Trans>,
          body: <Trans>It may have been withdrawn by its provider or hidden by our staff.</Trans>,
        }}
        error={<Trans>The strategy could not be loaded.</Trans>}
      >
        {(strategy) => <StrategyDetailsView strategy={strategy} />}
      </QueryState>
    </>
  );
}

function StrategyDetailsView({ strategy }: { strategy: StrategyDetails }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const runtime = useRuntime();
  const dark = useSelector(runtime.theme, selectIsDark);
  const isAdmin = useSelector(runtime.session, selectIsAdmin);
  const navigate = useNavigate({ from: '/$lang/investing/strategies/$strategyId' });
  const [following, setFollowing] = useState(false);
  const provider = strategy.provider;
  const periodName = i18n._(PERIOD_LABELS[strategy.period]);
  const first = strategy.equity[0];
  const last = strategy.equity.at(-1);
  const delay = minutes(strategy.trades_delay_minutes, lang);
  const canFollow = !isAdmin && !strategy.own && strategy.my_subscription_id === null && !strategy.hidden;

  return (
    <>
      <PageHeader
        eyebrow={t`Strategy by ${provider}`}
        title={strategy.name}
        actions={
          strategy.my_subscription_id !== null ? (
            <Link to="/$lang/investing/subscriptions/$subscriptionId" params={{ lang, subscriptionId: String(strategy.my_subscription_id) }} className="btn btn-secondary">
              <Trans>View my investment</Trans>
            </Link>
          ) : canFollow ? (
            <button type="button" className="btn btn-primary" onClick={() => setFollowing(true)}>
              <Trans>Follow</Trans>
            </button>
          ) : null
        }
      />
      <div className="invest-badges invest-page-badges">
        {strategy.account_type === 'demo' ? <StatusBadge tone="neutral">{t`Demo money`}</StatusBadge> : <StatusBadge tone="success">{t`Live money`}</StatusBadge>}
        {strategy.visibility === 'invitation' ? <StatusBadge tone="neutral">{t`By invitation`}</StatusBadge> : null}
        {strategy.own ? <StatusBadge tone="pending">{t`Yours`}</StatusBadge> : null}
        {strategy.hidden ? <StatusBadge tone="danger">{t`Hidden by staff`}</StatusBadge> : null}
      </div>
      <div className="invest-layout">
        <div className="invest-main">
          <section className="card" aria-labelledby="equity-title">
            <div className="chart-toolbar">
              <h2 id="equity-title" className="section-title invest-chart-title">
                <Trans>Equity</Trans>
              </h2>
              <SegmentedControl
                small
                label={t`Period`}
                options={STRATEGY_PERIODS.map((p) => ({ value: p, label: i18n._(PERIOD_LABELS[p]) }))}
                value={strategy.period}
                onChange={(period) => void navigate({ search: { period }, replace: true })}
              />
            </div>
            <dl className="stat-grid chart-stats invest-stats">
              <Figure label={t`Return, ${periodName}`} value={percent(strategy.return_percent, lang, { sign: true })} tone={tone(strategy.return_percent)} />
              <Figure label={t`Max drawdown`} value={percent(-strategy.max_drawdown_percent, lang)} />
              <Figure label={t`Investors`} value={i18n.number(strategy.investors)} />
              <Figure label={t`Funds invested`} value={money(strategy.funds_invested, strategy.currency, lang)} />
            </dl>
            {first && last ? (
              <EquityChart
                points={strategy.equity}
                currency={strategy.currency}
                dark={dark}
                label={t`Equity of the strategy from ${dateTime(i18n, first.time)} to ${dateTime(i18n, last.time)}: from ${money(first.equity, strategy.currency, lang)} to ${money(last.equity, strategy.currency, lang)}.`}
              />
            ) : (
              <p className="invest-empty-note">
                <Trans>No equity history yet.</Trans>
              </p>
            )}
          </section>
          {strategy.description ? (
            <section className="card invest-prose" aria-labelledby="about-title">
              <h2 id="about-title" className="section-title">
                <Trans>About the strategy</Trans>
              </h2>
              <p className="invest-description">{strategy.description}</p>
              {strategy.rule ? (
                <p className="field-hint">
                  <Trans>A demonstration strategy: it trades by itself, by the fixed rule described above.</Trans>
                </p>
              ) : null}
            </section>
          ) : null}
          <TradesHistory strategy={strategy} delay={delay} />
        </div>
        <aside className="invest-side">
          <section className="card invest-prose" aria-labelledby="figures-title">
            <h2 id="figures-title" className="section-title">
              <Trans>Figures</Trans>
            </h2>
            <StrategyFacts
              strategy={strategy}
              before={STRATEGY_PERIODS.map((p) => ({
                label: t`Return, ${i18n._(PERIOD_LABELS[p])}`,
                value: percent(strategy.returns[p], lang, { sign: true }),
                tone: tone(strategy.returns[p]),
              }))}
              after={[{ label: t`Currency`, value: strategy.currency.code }]}
            />
            <RiskExplanation />
          </section>
          <section className="card invest-prose" aria-labelledby="fees-title">
            <h2 id="fees-title" className="section-title">
              <Trans>Fee plan</Trans>
            </h2>
            <FeePlanText plan={strategy.fee_plan} currency={strategy.currency} />
          </section>
        </aside>
      </div>
      {following ? <FollowDialog strategy={strategy} onClose={() => setFollowing(false)} /> : null}
    </>
  );
}

function Figure({ label, value, tone = '' }: { label: string; value: string; tone?: string }) {
  return (
    <div>
      <dt className="stat-label">{label}</dt>
      <dd className={`stat-value invest-stat ${tone}`}>{value}</dd>
    </div>
  );
}

/** Rows shown at first and added by each "Show more": the server sends the newest 100. */
const TRADES_PAGE = 20;

function TradesHistory({ strategy, delay }: { strategy: StrategyDetails; delay: string }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const [shown, setShown] = useState(TRADES_PAGE);
  // Prices with the instrument's own digits (1.08470, not 1.0847), as the trading screens write them.
  const instruments = useQuery(platformQuery(), queryClient).data?.instruments;
  const price = (symbol: string, value: number) => {
    const digits = instruments?.find((i) => i.symbol === symbol)?.digits;
    return digits === undefined ? count(i18n, value, 5) : formatPrice(value, digits, lang);
  };
  return (
    <section className="card" aria-labelledby="trades-title">
      <div className="invest-card-heading">
        <h2 id="trades-title" className="section-title">
          <Trans>Closed trades</Trans>
        </h2>
        <p className="field-hint">
          <Trans>Shown {delay} after they close, so that followers are copied before anyone else sees a trade.</Trans>
        </p>
      </div>
      {strategy.trades.length === 0 ? (
        <p className="invest-empty-note">
          <Trans>No closed trades to show yet.</Trans>
        </p>
      ) : (
        // Scrolls sideways on a narrow column: reachable with the keyboard, named by its heading.
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t`Closed trades of ${strategy.name}`}>
          <table className="data-table invest-table">
            <caption className="visually-hidden">{t`Closed trades of ${strategy.name}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Closed`}</th>
                <th scope="col">{t`Instrument`}</th>
                <th scope="col">{t`Side`}</th>
                <th scope="col" className="num">
                  {t`Volume`}
                </th>
                <th scope="col" className="num">
                  {t`Open → close`}
                </th>
                <th scope="col" className="num">
                  {t`Profit`}
                </th>
              </tr>
            </thead>
            <tbody>
              {strategy.trades.slice(0, shown).map((trade) => (
                <tr key={trade.ticket}>
                  <td>
                    <time dateTime={trade.close_time}>{dateTime(i18n, trade.close_time)}</time>
                  </td>
                  <td className="mono">{trade.symbol}</td>
                  <td>{trade.side === 'buy' ? t`Buy` : t`Sell`}</td>
                  <td className="num">{count(i18n, trade.volume)}</td>
                  <td className="num">
                    {price(trade.symbol, trade.open_price)} → {price(trade.symbol, trade.close_price)}
                  </td>
                  <td className={`num ${tone(trade.profit)}`}>{money(trade.profit, strategy.currency, lang, true)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {strategy.trades.length > TRADES_PAGE ? (
        <div className="table-footer">
          <span>
            <Trans>
              {Math.min(shown, strategy.trades.length)} of the latest {strategy.trades.length} trades
            </Trans>
          </span>
          {shown < strategy.trades.length ? (
            <button type="button" className="btn btn-secondary" onClick={() => setShown((n) => n + TRADES_PAGE)}>
              <Trans>Show more</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
