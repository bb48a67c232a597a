import { Trans, useLingui } from '@lingui/react/macro';
import { RISK_DRAWDOWN_CAP, RISK_VOLATILITY_CAP } from '../../../contract/investing';
import { useLang } from '../../lib/use-lang';
import { percent } from './investing-format';

/** The score out of 10 with a word for it; the bar is decoration, the words carry the meaning. */
export function RiskScore({ score }: { score: number }) {
  const { t } = useLingui();
  const word = score <= 3 ? t`low` : score <= 6 ? t`moderate` : t`high`;
  const level = score <= 3 ? 'low' : score <= 6 ? 'moderate' : 'high';
  return (
    <span className={`invest-risk invest-risk-${level}`}>
      <span className="invest-risk-bar" aria-hidden="true">
        <span style={{ width: `${score * 10}%` }} />
      </span>
      <span>{t`${score} of 10, ${word}`}</span>
    </span>
  );
}

/** The documented formula (contract/investing.ts, riskScore) in plain words, open on demand. */
export function RiskExplanation() {
  const lang = useLang();
  const volatility = percent(RISK_VOLATILITY_CAP * 100, lang, { digits: 0 });
  const drawdown = percent(RISK_DRAWDOWN_CAP * 100, lang, { digits: 0 });
  return (
    <details className="invest-explain">
      <summary>
        <Trans>How is the risk score computed?</Trans>
      </summary>
      <p>
        <Trans>
          From the strategy’s equity at the end of each day we take two figures: how much it swings (the yearly volatility of its daily returns) and its largest fall from a peak (maximum drawdown).
        </Trans>
      </p>
      <p>
        <Trans>
          Score = 10 × the larger of volatility ÷ {volatility} and drawdown ÷ {drawdown}, rounded up and kept between 1 and 10. A volatility of {volatility} or a drawdown of {drawdown} is already the top score, 10. A strategy with less than two days of history scores 10: nothing is known yet, so the worst is assumed.
        </Trans>
      </p>
      <p>
        <Trans>Past results do not promise future ones: you can lose part or all of the money you invest.</Trans>
      </p>
    </details>
  );
}
