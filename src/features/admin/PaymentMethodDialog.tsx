import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PAYMENT_DIRECTIONS, PAYMENT_METHOD_KINDS, type PaymentDirection, type PaymentMethod, type PaymentMethodKind } from '../../../contract/payments';
import { formatAmountInput, parseTypedAmount, typedAmountToDecimal } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { DialogActions } from '../../ui/form/DialogActions';
import { Checkbox } from '../../ui/form/Checkbox';
import { FormBanner } from '../../ui/form/FormBanner';
import { AmountField } from '../../ui/form/AmountField';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { currenciesQuery } from '../accounts';
import { DIRECTION_LABELS, PAYMENT_KIND_LABELS } from '../wallet';
import { type PaymentMethodFields, savePaymentMethod } from './api/save-payment-method';
import '../../ui/dialog.css';

const AMOUNT_FIELDS = ['fee_fixed', 'min_amount', 'max_amount'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];

interface MethodData extends Record<string, unknown> {
  kind: PaymentMethodKind;
  name: string;
  currency: string;
  deposit: boolean;
  withdrawal: boolean;
  fee_bps: string;
  fee_fixed: string;
  min_amount: string;
  max_amount: string;
  eta_hours: string;
  enabled: boolean;
}

/**
 * Add a method to the catalogue or change one, in a modal dialog. Staff type amounts in the
 * currency as they read them ("10.00", "10,00" in ru/ua); the API takes minor units. The
 * server's refusals land on the fields they name.
 */
export function PaymentMethodDialog({ method, onClose, onSaved }: { method: PaymentMethod | null; onClose: () => void; onSaved: (method: PaymentMethod) => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const readAmount = useAmountReader();
  const currencies = useQuery(currenciesQuery(), queryClient);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const typed = (minor: number | null, precision: number) => (minor === null ? '' : formatAmountInput(minor, precision, lang));
  const precision = method?.precision ?? 2;

  const form = useForm<MethodData>(
    {
      kind: method?.kind ?? 'bank_transfer',
      name: method?.name ?? '',
      currency: method?.currency ?? '',
      deposit: method ? method.directions.includes('deposit') : true,
      withdrawal: method ? method.directions.includes('withdrawal') : true,
      fee_bps: String(method?.fee_bps ?? 0),
      fee_fixed: typed(method?.fee_fixed ?? 0, precision),
      min_amount: typed(method?.min_amount ?? 0, precision),
      max_amount: typed(method?.max_amount ?? null, precision),
      eta_hours: String(method?.eta_hours ?? 0),
      enabled: method?.enabled ?? true,
    },
    (data) => savePaymentMethod(method?.id ?? null, toFields(data)),
    (output) => onSaved(output as PaymentMethod),
  );
  const currencyOf = (code: string) => currencies.data?.find((c) => c.code === code) ?? (method ? { code, precision } : { code, precision: 2 });

  /** A typed amount in minor units: blank is null, zero is 0; text it cannot read, its message. */
  const minorOf = (text: string, code: string): number | null | { message: string } => {
    if (text.trim() === '') return null;
    const currency = currencyOf(code);
    const parsed = parseTypedAmount(text, currency.precision, lang);
    if (parsed.ok) return parsed.minor;
    const decimal = typedAmountToDecimal(text, lang);
    if (parsed.problem === 'gt' && decimal.ok && /^0*(\.0*)?$/.test(decimal.decimal)) return 0;
    const reading = readAmount(text, currency);
    return { message: reading.ok ? '' : reading.message };
  };
  const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : (text as unknown as number));

  function toFields(data: MethodData): PaymentMethodFields {
    const amounts = Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, minorOf(data[field], data.currency)])) as Record<AmountField, number | null>;
    return {
      kind: data.kind,
      name: data.name,
      currency: data.currency,
      directions: PAYMENT_DIRECTIONS.filter((direction) => data[direction]),
      // Text that is not a whole number goes as typed, for the server's message on that field.
      fee_bps: whole(data.fee_bps),
      fee_fixed: amounts.fee_fixed ?? 0,
      min_amount: amounts.min_amount ?? 0,
      max_amount: amounts.max_amount,
      eta_hours: whole(data.eta_hours),
      enabled: data.enabled,
    };
  }

  const submit = (event: { preventDefault(): void }) => {
    const errors: Record<string, string[]> = {};
    if (!form.data.currency) errors.currency = [t`Choose a currency.`];
    for (const field of AMOUNT_FIELDS) {
      const read = minorOf(form.data[field], form.data.currency);
      if (read !== null && typeof read === 'object') errors[field] = [read.message];
    }
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors });
      return;
    }
    form.onSubmit(event);
  };
  const close = () => dialog.current?.close();
  const code = form.data.currency || '…';
  const directionsError = form.errors.directions?.[0];

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog form-dialog-wide" aria-labelledby="method-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id="method-dialog-title">{method ? t`Edit ${method.name}` : t`New payment method`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        <div className="form-row-2">
          <TextField label={t`Name`} maxLength={60} required autoComplete="off" {...form.field('name')} hint={t`As clients know it, e.g. SEPA or Visa / Mastercard.`} />
          <SelectField
            label={t`Kind`}
            options={PAYMENT_METHOD_KINDS.map((kind) => ({ value: kind, label: t(PAYMENT_KIND_LABELS[kind]) }))}
            {...form.field('kind')}
          />
        </div>
        <div className="form-row-2">
          <SelectField
            label={t`Currency`}
            disabled={method !== null}
            hint={method ? t`A method's currency stays; add a new method for another currency.` : undefined}
            {...form.field('currency')}
          >
            {method ? (
              <option value={method.currency}>{method.currency}</option>
            ) : (
              <>
                <option value="">{t`Choose a currency`}</option>
                {(currencies.data ?? []).map((c) => (
                  <option key={c.id} value={c.code}>
                    {c.code} · {c.name}
                  </option>
                ))}
              </>
            )}
          </SelectField>
          <fieldset className="checkbox-group" aria-describedby={directionsError ? 'directions-error' : undefined}>
            <legend className="field-label">
              <Trans>Directions</Trans>
            </legend>
            {PAYMENT_DIRECTIONS.map((direction: PaymentDirection) => (
              <Checkbox
                key={direction}
                label={t(DIRECTION_LABELS[direction])}
                name={direction}
                checked={form.data[direction]}
                onCheckedChange={(checked) => {
                  form.set(direction, checked);
                  form.actor.send({ type: 'form.keydown', field: 'directions' });
                }}
              />
            ))}
            {directionsError ? (
              <p id="directions-error" className="field-error" role="alert">
                <span>{directionsError}</span>
              </p>
            ) : null}
          </fieldset>
        </div>
        <div className="form-row-2">
          <TextField label={t`Fee, basis points`} inputMode="numeric" autoComplete="off" {...form.field('fee_bps')} hint={t`100 basis points are 1 % of the amount.`} />
          <AmountField label={t`Fixed fee, ${code}`} {...form.field('fee_fixed')} />
        </div>
        <div className="form-row-2">
          <AmountField label={t`Least amount, ${code}`} {...form.field('min_amount')} />
          <AmountField label={t`Largest amount, ${code}`} {...form.field('max_amount')} hint={t`Leave empty for no limit.`} />
        </div>
        <TextField label={t`Expected time, hours`} inputMode="numeric" autoComplete="off" {...form.field('eta_hours')} hint={t`0 is instant; 72 reads as 1–3 business days.`} />
        <Checkbox label={t`Enabled: clients can choose it`} name="enabled" checked={form.data.enabled} onCheckedChange={(checked) => form.set('enabled', checked)} />
        <DialogActions busy={form.busy} onCancel={close}>
          {method ? <Trans>Save changes</Trans> : <Trans>Add method</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
