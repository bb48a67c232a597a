import { useLingui } from '@lingui/react/macro';
import type { PaymentDirection, PaymentMethod } from '../../../contract/payments';
import { formatMoney } from '../../../contract/money';
import { useLang } from '../../lib/use-lang';
import { formatPercent } from '../../ui/money/percent';
import { etaText, PAYMENT_KIND_LABELS } from './payment-labels';

/**
 * The methods of the catalogue as one radio group of native radios: one tab stop, the arrows
 * move and choose, and each option reads out its name, kind, fee, limits and expected time.
 */
export function PaymentMethodPicker({
  methods,
  direction,
  value,
  onChange,
  error,
}: {
  methods: PaymentMethod[];
  direction: PaymentDirection;
  value: string;
  onChange: (id: string) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const legend = direction === 'deposit' ? t`How you pay` : t`How you receive the funds`;
  return (
    <fieldset className="method-picker" aria-describedby={error ? 'method-error' : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="method-options">
        {methods.map((method) => (
          <MethodOption key={method.id} method={method} checked={String(method.id) === value} onChoose={() => onChange(String(method.id))} />
        ))}
      </div>
      {error ? (
        <p id="method-error" className="field-error" role="alert">
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}

function MethodOption({ method, checked, onChoose }: { method: PaymentMethod; checked: boolean; onChoose: () => void }) {
  const { t } = useLingui();
  const facts = usePaymentFacts();
  const id = `method-${method.id}`;
  return (
    <label className="method-option" htmlFor={id}>
      <input id={id} type="radio" name="payment_method_id" value={String(method.id)} checked={checked} onChange={onChoose} aria-describedby={`${id}-facts`} />
      <span className="method-head">
        <strong className="method-name">{method.name}</strong>
        <span className={`badge badge-method-${method.kind}`}>{t(PAYMENT_KIND_LABELS[method.kind])}</span>
      </span>
      <span id={`${id}-facts`} className="method-facts">
        <span>{facts.fee(method)}</span>
        <span>{facts.limits(method)}</span>
        <span>{etaText(method.eta_hours)}</span>
      </span>
    </label>
  );
}

/** The fee and the limits of a method in words, in the reader's language. */
export function usePaymentFacts() {
  const { t } = useLingui();
  const lang = useLang();
  return {
    /** "Fee 1.5% + $0.30", "Fee 2%", "Fee $5.00" or "No fee". */
    fee(method: PaymentMethod): string {
      const percent = formatPercent(method.fee_bps / 100, lang);
      const fixed = formatMoney(method.fee_fixed, method.currency, method.precision, lang);
      if (method.fee_bps > 0 && method.fee_fixed > 0) return t`Fee ${percent} + ${fixed}`;
      if (method.fee_bps > 0) return t`Fee ${percent}`;
      if (method.fee_fixed > 0) return t`Fee ${fixed}`;
      return t`No fee`;
    },
    /** "From $10.00 to $50,000.00" or "From $10.00". */
    limits(method: PaymentMethod): string {
      const min = formatMoney(method.min_amount, method.currency, method.precision, lang);
      if (method.max_amount === null) return t`From ${min}`;
      const max = formatMoney(method.max_amount, method.currency, method.precision, lang);
      return t`From ${min} to ${max}`;
    },
  };
}
