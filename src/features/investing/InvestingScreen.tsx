import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectIsAdmin } from '../../../machines/session/session.selectors';
import { useRuntime } from '../../lib/runtime-context';
import { STRATEGY_PERIODS, STRATEGY_SORTS, type StrategySummary } from '../../../contract/investing';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { INVEST_MIN_CAPS, type InvestingSearch, type InvestMinCap } from '../../lib/search-params';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { SelectField } from '../../ui/choice/SelectField';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { strategiesQuery, type StrategyFilters } from './api/fetch-strategies';
import { leaderboardFilters } from './leaderboard-filters';
import { money, percent, tone } from './investing-format';
import { PERIOD_LABELS, SORT_LABELS } from './investing-labels';
import { MyInvestments } from './MyInvestments';
import { OfferStrategyDialog } from './OfferStrategyDialog';
import { RiskExplanation } from './RiskScore';
import { Sparkline } from './Sparkline';
import { StrategyFacts } from './StrategyFacts';
import './investing.css';

const route = getRouteApi('/$lang/_auth/investing/');

/** The seed's investing view: the leaderboard of strategies to follow, the client's investments, and offering one's own. */
export function InvestingScreen() {
  const { t } = useLingui();
  usePageTitle(t`Investing`);
  const [offering, setOffering] = useState(false);
  // Staff see the leaderboard as clients do; they neither invest nor offer (they hold no accounts).
  const isAdmin = useSelector(useRuntime().session, selectIsAdmin);
  return (
    <>
      <PageHeader
        eyebrow={t`Client area`}
        title={t`Investing`}
        lead={t`Follow a strategy: each of its trades is copied to a copy account of your own, in proportion to the money you put in. You can pause, withdraw or leave at any time.`}
        actions={
          isAdmin ? null : (
            <button type="button" className="btn btn-secondary" onClick={() => setOffering(true)}>
              <Trans>Offer your strategy</Trans>
            </button>
          )
        }
      />
      {isAdmin ? null : <MyInvestments />}
      <Leaderboard />
      {offering ? <OfferStrategyDialog onClose={() => setOffering(false)} /> : null}
    </>
  );
}

function Leaderboard() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/$lang/investing/' });
  const filters = leaderboardFilters(search);
  const strategies = useQuery({ ...strategiesQuery(filters, lang), placeholderData: (previous) => previous }, queryClient);
  const change = (next: Partial<InvestingSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const cap = search.min ?? null;
  const shown = (strategies.data ?? []).filter((s) => cap === null || s.fee_plan.min_investment <= Number(cap) * 10 ** s.currency.precision);
  const currencies = [...new Set([...(strategies.data ?? []).map((s) => s.currency.code), ...(search.currency ? [search.currency] : [])])].sort();
  const capLabel = (value: InvestMinCap) => (value === '0' ? t`No minimum` : t`Up to ${i18n.number(Number(value))}`);

  return (
    <section aria-labelledby="leaderboard-title" className="invest-section">
      <div className="invest-section-head">
        <h2 id="leaderboard-title" className="section-title">
          <Trans>Strategies</Trans>
        </h2>
        <SegmentedControl
          small
          label={t`Return over`}
          options={STRATEGY_PERIODS.map((p) => ({ value: p, label: i18n._(PERIOD_LABELS[p]) }))}
          value={filters.period!}
          onChange={(period) => change({ period })}
        />
      </div>
      <div className="card invest-filters">
        <SelectField label={t`Sort by`} name="sort" value={filters.sort!} onValueChange={(sort) => change({ sort: sort as StrategyFilters['sort'] })}>
          {STRATEGY_SORTS.map((s) => (
            <option key={s} value={s}>
              {i18n._(SORT_LABELS[s])}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Risk score`} name="max_risk" value={String(search.max_risk ?? '')} onValueChange={(v) => change({ max_risk: v ? Number(v) : undefined })}>
          <option value="">{t`Any risk`}</option>
          {[3, 5, 7].map((n) => (
            <option key={n} value={String(n)}>
              {t`Up to ${n} of 10`}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Currency`} name="currency" value={search.currency ?? ''} onValueChange={(v) => change({ currency: v || undefined })}>
          <option value="">{t`All currencies`}</option>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Minimum investment`} name="min" value={cap ?? ''} onValueChange={(v) => change({ min: (v || undefined) as InvestMinCap | undefined })}>
          <option value="">{t`Any minimum`}</option>
          {INVEST_MIN_CAPS.map((value) => (
            <option key={value} value={value}>
              {capLabel(value)}
            </option>
          ))}
        </SelectField>
      </div>
      <RiskExplanation />
      <QueryState query={strategies} error={<Trans>The strategies could not be loaded.</Trans>}>
        {() =>
          shown.length === 0 ? (
            <EmptyState icon={<ChartIcon />} title={t`No strategies match`}>
              <p>
                <Trans>Try a higher risk score, another currency or any minimum investment.</Trans>
              </p>
            </EmptyState>
          ) : (
            <ul className="invest-cards" aria-label={t`Strategies`} aria-busy={strategies.isFetching}>
              {shown.map((strategy) => (
                <StrategyCard key={strategy.id} strategy={strategy} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function StrategyCard({ strategy }: { strategy: StrategySummary }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const rising = strategy.return_percent >= 0;
  const period = i18n._(PERIOD_LABELS[strategy.period]);
  const plan = strategy.fee_plan;
  const provider = strategy.provider;
  const performanceFee = percent(plan.performance_fee_percent, lang);
  const managementFee = percent(plan.management_fee_percent, lang);
  return (
    <li className="card invest-card">
      <div className="invest-card-head">
        <div>
          <Link to="/$lang/investing/strategies/$strategyId" params={{ lang, strategyId: String(strategy.id) }} className="invest-card-title">
            {strategy.name}
          </Link>
          <p className="invest-provider">
            <Trans>by {provider}</Trans>
          </p>
        </div>
        <div className="invest-badges">
          {strategy.account_type === 'demo' ? <StatusBadge tone="neutral">{t`Demo money`}</StatusBadge> : null}
          {strategy.own ? <StatusBadge tone="pending">{t`Yours`}</StatusBadge> : null}
          {strategy.my_subscription_id !== null ? <StatusBadge tone="success">{t`Following`}</StatusBadge> : null}
        </div>
      </div>
      <div className="invest-card-result">
        <div>
          <p className={`invest-return ${tone(strategy.return_percent)}`}>{percent(strategy.return_percent, lang, { sign: true })}</p>
          <p className="invest-return-label">
            <Trans>Return, {period}</Trans>
          </p>
        </div>
        <Sparkline values={strategy.sparkline} rising={rising} />
      </div>
      <StrategyFacts
        strategy={strategy}
        before={[{ label: t`Max drawdown`, value: percent(-strategy.max_drawdown_percent, lang) }]}
        after={[
          { label: t`Investors`, value: i18n.number(strategy.investors) },
          { label: t`Funds invested`, value: money(strategy.funds_invested, strategy.currency, lang) },
          { label: t`Minimum investment`, value: plan.min_investment === 0 ? t`None` : money(plan.min_investment, strategy.currency, lang) },
        ]}
      />
      <p className="invest-fees">
        <Trans>
          Fees: {performanceFee} of new profit, {managementFee} a year
        </Trans>
      </p>
    </li>
  );
}
