import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { StrategySummary } from '../../../contract/investing';
import { useLang } from '../../lib/use-lang';
import { age } from './investing-format';
import { RiskScore } from './RiskScore';

/** One figure of a strategy; tone colours a gain or a loss. */
export interface StrategyFact {
  label: string;
  value: ReactNode;
  tone?: string;
}

/**
 * A strategy's figures as the leaderboard card and the strategy page both list them: each page picks its own
 * figures around the risk score and age, which read the same everywhere so a client can compare them.
 */
export function StrategyFacts({
  strategy,
  before,
  after = [],
}: {
  strategy: Pick<StrategySummary, 'risk_score' | 'age_days'>;
  before: StrategyFact[];
  after?: StrategyFact[];
}) {
  const { t } = useLingui();
  const lang = useLang();
  const facts: StrategyFact[] = [
    ...before,
    { label: t`Risk score`, value: <RiskScore score={strategy.risk_score} /> },
    { label: t`Age`, value: age(strategy.age_days, lang) },
    ...after,
  ];
  return (
    <dl className="invest-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd className={fact.tone}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
