import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../contract/money';
import { INSTRUMENT_GROUPS, type Partner, type PartnerPlan } from '../../../contract/partners';
import { useLang } from '../../lib/use-lang';
import { formatPercent } from '../../ui/money/percent';
import { bpsToPercent } from './investor-format';
import { INSTRUMENT_GROUP_LABELS } from './investor-labels';
import './plan-rates.css';

/** The partner's plan with every rate, so that a reward line can be recomputed by hand; and a plan change to come. */
export function PlanSummary({ partner }: { partner: Partner }) {
  const { i18n } = useLingui();
  const next = partner.next_plan;
  const from = next ? i18n.date(new Date(next.effective_from), { dateStyle: 'medium', timeZone: 'UTC' }) : '';
  return (
    <section className="card investor-plan" aria-labelledby="plan-title">
      <h2 id="plan-title" className="stat-label">
        <Trans>Your plan</Trans>
      </h2>
      <p className="investor-plan-name">{partner.plan.name}</p>
      <PlanRates plan={partner.plan} />
      {next ? (
        <p className="field-hint">
          <Trans>
            From {from}: {next.plan.name}
          </Trans>
        </p>
      ) : null}
      {partner.parent ? (
        <p className="field-hint">
          <Trans>Recruited by {partner.parent.name}</Trans>
        </p>
      ) : null}
    </section>
  );
}

export function PlanRates({ plan }: { plan: PartnerPlan }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const money = (minor: number) => formatMoney(minor, plan.currency, plan.precision, lang);
  return (
    <dl className="plan-rates">
      <div>
        <dt>
          <Trans>First deposit (CPA)</Trans>
        </dt>
        <dd>
          {plan.cpa_amount > 0 ? (
            <Trans>
              {money(plan.cpa_amount)} from a deposit of {money(plan.cpa_threshold)}
            </Trans>
          ) : (
            '—'
          )}
        </dd>
      </div>
      {INSTRUMENT_GROUPS.map((group) => (
        <div key={group}>
          <dt>{i18n._(INSTRUMENT_GROUP_LABELS[group])}</dt>
          <dd>
            <Trans>{money(plan.lot_rates[group])} per lot</Trans>
          </dd>
        </div>
      ))}
      <div>
        <dt>
          <Trans>Sub-partners' rewards</Trans>
        </dt>
        <dd>{formatPercent(bpsToPercent(plan.second_level_bps), lang)}</dd>
      </div>
    </dl>
  );
}
