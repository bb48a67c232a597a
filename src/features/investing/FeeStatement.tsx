import { Trans, useLingui } from '@lingui/react/macro';
import type { CopySubscriptionDetails, FeeLine } from '../../../contract/investing';
import { useLang } from '../../lib/use-lang';
import { count, date, money, percent } from './investing-format';
import { FEE_KIND_LABELS, FEE_TRIGGER_LABELS } from './investing-labels';

/**
 * The fee statement: each line with the figures it was computed from and the sum written out, so
 * the investor can recompute it (the formulas of contract/investing.ts, FEE_KINDS).
 */
export function FeeStatement({ subscription }: { subscription: CopySubscriptionDetails }) {
  const { t } = useLingui();
  const lang = useLang();
  const total = money(subscription.fees_paid, subscription.currency, lang);
  return (
    <section className="card" aria-labelledby="fees-statement-title">
      <div className="invest-card-heading">
        <h2 id="fees-statement-title" className="section-title">
          <Trans>Fee statement</Trans>
        </h2>
        <p className="field-hint">
          <Trans>Paid so far: {total}. Amounts are rounded down to the cent: you never pay a fraction more.</Trans>
        </p>
      </div>
      {subscription.fees.length === 0 ? (
        <p className="invest-empty-note">
          <Trans>No fees yet. The management fee accrues daily; the performance fee only on profit above the high-water mark.</Trans>
        </p>
      ) : (
        <ul className="invest-fees-list" aria-label={t`Fee lines`}>
          {subscription.fees.map((line) => (
            <FeeRow key={line.id} line={line} subscription={subscription} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeeRow({ line, subscription }: { line: FeeLine; subscription: CopySubscriptionDetails }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const c = subscription.currency;
  const amount = money(line.amount, c, lang);
  const equity = money(line.equity, c, lang);
  const rate = percent(line.rate_percent, lang);
  const from = date(i18n, line.period_start);
  const to = date(i18n, line.period_end);
  const days = count(i18n, line.days ?? 0, 4);
  const mark = money(line.high_water_mark ?? 0, c, lang);
  const gain = money(Math.max(0, line.equity - (line.high_water_mark ?? 0)), c, lang);
  const reference = line.reference;
  return (
    <li className="invest-fee-line">
      <div className="invest-fee-head">
        <span className="invest-fee-kind">{i18n._(FEE_KIND_LABELS[line.kind])}</span>
        <span className="invest-fee-amount">{money(-line.amount, c, lang, true)}</span>
      </div>
      <p className="invest-fee-meta">
        {i18n._(FEE_TRIGGER_LABELS[line.trigger])} · <Trans>{from} to {to}</Trans> · <span className="mono">{reference}</span>
      </p>
      <p className="invest-fee-formula">
        {line.kind === 'management' ? (
          <Trans>
            Equity {equity} × {rate} a year × {days} days ÷ 365 = {amount}
          </Trans>
        ) : line.high_water_mark !== null && line.equity <= line.high_water_mark ? (
          <Trans>
            Equity {equity} is not above the high-water mark {mark}: no profit to charge, {amount}
          </Trans>
        ) : (
          <Trans>
            (Equity {equity} − high-water mark {mark}) = {gain} × {rate} = {amount}
          </Trans>
        )}
      </p>
    </li>
  );
}
