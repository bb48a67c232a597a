import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { intlLocale } from '../../../contract/locales';
import { formatAmountInput, parseTypedAmount, typedAmountToDecimal } from '../../../contract/money';
import { INSTRUMENT_GROUPS, PARTNER_PLAN_NAME_MAX, SECOND_LEVEL_BPS_MAX, type InstrumentGroup, type PartnerPlan } from '../../../contract/partners';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { Checkbox } from '../../ui/form/Checkbox';
import { FormBanner } from '../../ui/form/FormBanner';
import { AmountField } from '../../ui/form/AmountField';
import { DialogActions } from '../../ui/form/DialogActions';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { currenciesQuery } from '../accounts';
import { INSTRUMENT_GROUP_LABELS } from '../investor';
import { type PartnerPlanBody, savePartnerPlan } from './api/partners';
import '../../ui/dialog.css';

/** The amount fields by the names the server's errors use (`lot_rates.forex`). */
const AMOUNT_FIELDS = ['cpa_threshold', 'cpa_amount', ...INSTRUMENT_GROUPS.map((g) => `lot_rates.${g}` as const)] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];

type PlanData = Record<AmountField, string> & {
  name: string;
  currency: string;
  second_level_bps: string;
  auto_approve: boolean;
  is_default: boolean;
} & Record<string, unknown>;

/**
 * Create a reward plan or change one. Amounts are typed in the plan's currency as the reader's
 * language writes them, the second-level share as a percentage ("12,5" in ru/ua); the API takes
 * minor units and basis points. The currency is fixed once created (the partners' wallets are in it).
 */
export function PartnerPlanDialog({ plan, onClose, onSaved }: { plan: PartnerPlan | null; onClose: () => void; onSaved: (plan: PartnerPlan) => void }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const readAmount = useAmountReader();
  const currencies = useQuery(currenciesQuery(), queryClient);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const precision = plan?.precision ?? 2;
  const typed = (minor: number) => formatAmountInput(minor, precision, lang);
  const percentText = (bps: number) => new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2, useGrouping: false }).format(bps / 100);

  const form = useForm<PlanData>(
    {
      name: plan?.name ?? '',
      currency: plan?.currency ?? 'USD',
      cpa_threshold: typed(plan?.cpa_threshold ?? 0),
      cpa_amount: typed(plan?.cpa_amount ?? 0),
      ...(Object.fromEntries(INSTRUMENT_GROUPS.map((g) => [`lot_rates.${g}`, typed(plan?.lot_rates[g] ?? 0)])) as Record<`lot_rates.${InstrumentGroup}`, string>),
      second_level_bps: percentText(plan?.second_level_bps ?? 0),
      auto_approve: plan?.auto_approve ?? false,
      is_default: plan?.is_default ?? false,
    },
    (data) => savePartnerPlan(plan?.id ?? null, toBody(data)),
    (output) => onSaved(output as PartnerPlan),
  );
  const currencyOf = (code: string) => currencies.data?.find((c) => c.code === code) ?? { code, precision };

  /** A typed amount in minor units (blank or zero: 0), or the message saying how to write it. */
  const minorOf = (text: string, code: string): number | { message: string } => {
    if (text.trim() === '') return 0;
    const currency = currencyOf(code);
    const parsed = parseTypedAmount(text, currency.precision, lang);
    if (parsed.ok) return parsed.minor;
    const decimal = typedAmountToDecimal(text, lang);
    if (parsed.problem === 'gt' && decimal.ok && /^0*(\.0*)?$/.test(decimal.decimal)) return 0;
    const reading = readAmount(text, currency);
    return { message: reading.ok ? '' : reading.message };
  };
  /** The share typed as a percentage, in basis points; text it cannot read goes as typed, for the server to refuse. */
  const bpsOf = (text: string): number | null => {
    const decimal = typedAmountToDecimal(text.trim() === '' ? '0' : text, lang);
    if (!decimal.ok) return null;
    const bps = Math.round(Number(decimal.decimal) * 100);
    return bps >= 0 && bps <= SECOND_LEVEL_BPS_MAX ? bps : null;
  };

  function toBody(data: PlanData): PartnerPlanBody {
    const minor = (field: AmountField) => {
      const read = minorOf(data[field], data.currency);
      return typeof read === 'number' ? read : 0;
    };
    return {
      name: data.name,
      currency: data.currency,
      cpa_threshold: minor('cpa_threshold'),
      cpa_amount: minor('cpa_amount'),
      lot_rates: Object.fromEntries(INSTRUMENT_GROUPS.map((g) => [g, minor(`lot_rates.${g}`)])) as Record<InstrumentGroup, number>,
      second_level_bps: bpsOf(data.second_level_bps) ?? 0,
      auto_approve: data.auto_approve,
      is_default: data.is_default,
    };
  }

  const submit = (event: { preventDefault(): void }) => {
    const errors: Record<string, string[]> = {};
    for (const field of AMOUNT_FIELDS) {
      const read = minorOf(form.data[field], form.data.currency);
      if (typeof read === 'object') errors[field] = [read.message];
    }
    if (bpsOf(form.data.second_level_bps) === null) errors.second_level_bps = [t`Type a percentage from 0 to 100.`];
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors });
      return;
    }
    form.onSubmit(event);
  };
  const close = () => dialog.current?.close();
  const code = form.data.currency;

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog form-dialog-wide" aria-labelledby="plan-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id="plan-dialog-title">{plan ? t`Edit plan ${plan.name}` : t`New reward plan`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        <div className="form-row-2">
          <TextField label={t`Name`} maxLength={PARTNER_PLAN_NAME_MAX} required autoComplete="off" {...form.field('name')} />
          <SelectField
            label={t`Currency`}
            disabled={plan !== null}
            hint={plan ? t`A plan's currency stays: the partners' wallets are in it.` : t`Rewards and the partner wallet are in this currency.`}
            {...form.field('currency')}
          >
            {plan ? (
              <option value={plan.currency}>{plan.currency}</option>
            ) : (
              (currencies.data ?? [{ id: 0, code: 'USD', name: 'US Dollar', precision: 2 }]).map((c) => (
                <option key={c.id} value={c.code}>
                  {c.code} · {c.name}
                </option>
              ))
            )}
          </SelectField>
        </div>
        <fieldset className="plan-fieldset">
          <legend className="field-label">
            <Trans>First deposit (CPA)</Trans>
          </legend>
          <div className="form-row-2">
            <AmountField label={t`Deposit of at least, ${code}`} {...form.field('cpa_threshold')} />
            <AmountField label={t`Reward, ${code}`} {...form.field('cpa_amount')} hint={t`0 pays no CPA.`} />
          </div>
        </fieldset>
        <fieldset className="plan-fieldset">
          <legend className="field-label">
            <Trans>Reward per lot traded on live accounts, {code}</Trans>
          </legend>
          <div className="form-row-2">
            {INSTRUMENT_GROUPS.map((group) => (
              <AmountField key={group} label={i18n._(INSTRUMENT_GROUP_LABELS[group])} {...form.field(`lot_rates.${group}`)} />
            ))}
          </div>
        </fieldset>
        <TextField
          label={t`Share of sub-partners' rewards, %`}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('second_level_bps')}
          hint={t`What a partner earns on top of each reward of the partners they recruited.`}
        />
        <Checkbox label={t`Approve applications automatically onto this plan`} name="auto_approve" checked={form.data.auto_approve} onCheckedChange={(checked) => form.set('auto_approve', checked)} />
        <Checkbox label={t`Default plan for new partners`} name="is_default" checked={form.data.is_default} onCheckedChange={(checked) => form.set('is_default', checked)} />
        <DialogActions busy={form.busy} onCancel={close}>
          {plan ? <Trans>Save changes</Trans> : <Trans>Create plan</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
