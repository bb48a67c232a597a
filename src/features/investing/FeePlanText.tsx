import { Trans } from '@lingui/react/macro';
import type { FeePlan, InvestingCurrency } from '../../../contract/investing';
import { useLang } from '../../lib/use-lang';
import { money, percent } from './investing-format';

/** The fee plan in plain words, with a worked example at its own rate so nobody has to guess. */
export function FeePlanText({ plan, currency }: { plan: FeePlan; currency: InvestingCurrency }) {
  const lang = useLang();
  const performance = percent(plan.performance_fee_percent, lang);
  const management = percent(plan.management_fee_percent, lang);
  const unit = 10 ** currency.precision;
  const invested = money(1_000 * unit, currency, lang);
  const equity = money(1_100 * unit, currency, lang);
  const gain = money(100 * unit, currency, lang);
  const example = money(Math.floor(100 * unit * plan.performance_fee_percent) / 100, currency, lang);
  const daily = money(Math.floor((1_000 * unit * plan.management_fee_percent) / 100 / 365), currency, lang);
  const minimum = money(plan.min_investment, currency, lang);
  return (
    <div className="invest-fee-plan">
      <p>
        {plan.fee_period === 'weekly' ? (
          <Trans>
            <strong>Performance fee {performance}</strong> of new profit, computed every week: only on equity above the high-water mark, the highest equity your copy account has reached after fees. A loss must be earned back before any performance fee is due again. Money you add or withdraw is not counted as profit or loss.
          </Trans>
        ) : (
          <Trans>
            <strong>Performance fee {performance}</strong> of new profit, computed every month: only on equity above the high-water mark, the highest equity your copy account has reached after fees. A loss must be earned back before any performance fee is due again. Money you add or withdraw is not counted as profit or loss.
          </Trans>
        )}
      </p>
      <p>
        <Trans>
          <strong>Management fee {management} a year</strong> of your copy account’s equity, accrued every day (a 365th of the yearly rate each day).
        </Trans>
      </p>
      <p>{plan.min_investment === 0 ? <Trans>No minimum investment.</Trans> : <Trans>Minimum investment: {minimum}.</Trans>}</p>
      <p className="field-hint">
        <Trans>
          For example, with {invested} invested and the equity at {equity} at the end of a period, the performance fee is {performance} of {gain}: {example}. The management fee on {invested} is about {daily} a day.
        </Trans>
      </p>
      <p className="field-hint">
        <Trans>Fees are settled before any withdrawal and before you leave; each fee line in your statement shows the figures it was computed from.</Trans>
      </p>
    </div>
  );
}
