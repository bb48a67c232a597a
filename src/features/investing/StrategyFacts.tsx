import { useLingui } from '@lingui/react/macro';
import type { StrategySummary } from '../../../contract/investing';
import { useLang } from '../../lib/use-lang';
import { FactList, type Fact } from '../../ui/FactList';
import { age } from './investing-format';
import { RiskScore } from './RiskScore';

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
  before: Fact[];
  after?: Fact[];
}) {
  const { t } = useLingui();
  const lang = useLang();
  const facts: Fact[] = [
    ...before,
    { label: t`Risk score`, value: <RiskScore score={strategy.risk_score} /> },
    { label: t`Age`, value: age(strategy.age_days, lang) },
    ...after,
  ];
  return <FactList className="invest-facts" facts={facts} />;
}
