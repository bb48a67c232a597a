import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AdminIpoOffering } from '../../../contract/ipo';
import { LOCALES } from '../../../contract/locales';
import { formatAmountInput } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { AmountField } from '../../ui/form/AmountField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { currenciesQuery } from '../accounts';
import { type IpoOfferingFields, saveIpoOffering } from './api/fetch-admin-ipo';
import '../../ui/dialog.css';

const AMOUNTS = ['price_min', 'price_max', 'min_application', 'max_application'] as const;

/** `2030-01-15T10:00` in the browser's own zone, as a datetime-local input holds it. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Create an offering or edit one before its window opens. Times are typed in the staff member's
 * own zone and stored in UTC; amounts are typed in the offering's currency as the language writes them.
 */
export function IpoOfferingDialog({ offering, onClose, onSaved }: { offering: AdminIpoOffering | null; onClose: () => void; onSaved: (offering: AdminIpoOffering) => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const readAmount = useAmountReader();
  const currencies = useQuery(currenciesQuery(), queryClient);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const precision = offering?.currency.precision ?? 2;
  const typed = (minor: number | undefined) => (minor === undefined ? '' : formatAmountInput(minor, precision, lang));
  const week = Date.now() + 7 * 86_400_000;
  const initial: Record<string, string> = {
    company: offering?.company ?? '',
    ticker: offering?.ticker ?? '',
    prospectus_url: offering?.prospectus_url ?? '',
    currency: offering?.currency.code ?? 'USD',
    price_min: typed(offering?.price_min),
    price_max: typed(offering?.price_max),
    shares_offered: offering ? String(offering.shares_offered) : '',
    min_application: typed(offering?.min_application),
    max_application: typed(offering?.max_application),
    opens_at: toLocalInput(offering?.opens_at ?? new Date(week).toISOString()),
    closes_at: toLocalInput(offering?.closes_at ?? new Date(week + 7 * 86_400_000).toISOString()),
    allocation_at: toLocalInput(offering?.allocation_at ?? new Date(week + 10 * 86_400_000).toISOString()),
    lockup_days: String(offering?.lockup_days ?? 180),
  };
  for (const locale of LOCALES) {
    initial[`texts.${locale}.description`] = offering?.texts[locale].description ?? '';
    initial[`texts.${locale}.risk`] = offering?.texts[locale].risk ?? '';
  }
  const currencyOf = (code: string) => currencies.data?.find((c) => c.code === code) ?? { id: 0, code, precision: 2, name: code };

  const form = useForm(initial, (data) => saveIpoOffering(offering?.id ?? null, toFields(data)), (output) => onSaved(output as AdminIpoOffering));
  const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

  function toFields(data: Record<string, string>): IpoOfferingFields {
    const currency = currencyOf(data.currency ?? 'USD');
    const amount = (field: string) => {
      const reading = readAmount(data[field] ?? '', currency);
      return reading.ok ? reading.decimal : (data[field] ?? '');
    };
    const time = (field: string) => {
      const value = new Date(data[field] ?? '');
      return Number.isNaN(value.getTime()) ? (data[field] ?? '') : value.toISOString();
    };
    return {
      company: data.company ?? '',
      ticker: data.ticker ?? '',
      prospectus_url: data.prospectus_url ? data.prospectus_url : null,
      currency_id: currency.id,
      price_min: amount('price_min'),
      price_max: amount('price_max'),
      shares_offered: whole(data.shares_offered ?? ''),
      min_application: amount('min_application'),
      max_application: amount('max_application'),
      opens_at: time('opens_at'),
      closes_at: time('closes_at'),
      allocation_at: time('allocation_at'),
      lockup_days: whole(data.lockup_days ?? ''),
      texts: Object.fromEntries(LOCALES.map((locale) => [locale, { description: data[`texts.${locale}.description`] ?? '', risk: data[`texts.${locale}.risk`] ?? '' }])),
    };
  }

  const submit = (event: { preventDefault(): void }) => {
    const errors: Record<string, string[]> = {};
    const currency = currencyOf(form.data.currency ?? 'USD');
    for (const field of AMOUNTS) {
      const reading = readAmount(form.data[field] ?? '', currency);
      if (!reading.ok) errors[field] = [reading.message];
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
  const languageNames: Record<string, string> = { en: t`English`, ru: t`Russian`, ua: t`Ukrainian` };

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog form-dialog-wide" aria-labelledby="ipo-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id="ipo-dialog-title">{offering ? t`Edit ${offering.company}` : t`New offering`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        <div className="form-row-2">
          <TextField label={t`Company`} maxLength={120} autoComplete="off" {...form.field('company')} />
          <TextField label={t`Ticker`} maxLength={10} autoComplete="off" {...form.field('ticker')} />
        </div>
        <div className="form-row-2">
          <SelectField label={t`Currency`} {...form.field('currency')} error={form.field('currency').error ?? form.field('currency_id').error}>
            {(currencies.data ?? []).map((c) => (
              <option key={c.id} value={c.code}>
                {c.code} · {c.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t`Prospectus link`} type="url" autoComplete="off" {...form.field('prospectus_url')} hint={t`An https address of the PDF.`} />
        </div>
        <div className="form-row-2">
          <AmountField label={t`Lowest price per share, ${code}`} {...form.field('price_min')} />
          <AmountField label={t`Highest price per share, ${code}`} {...form.field('price_max')} />
        </div>
        <div className="form-row-2">
          <AmountField label={t`Smallest application, ${code}`} {...form.field('min_application')} />
          <AmountField label={t`Largest application, ${code}`} {...form.field('max_application')} />
        </div>
        <div className="form-row-2">
          <TextField label={t`Shares offered`} inputMode="numeric" autoComplete="off" {...form.field('shares_offered')} />
          <TextField label={t`Lock-up, days`} inputMode="numeric" autoComplete="off" {...form.field('lockup_days')} />
        </div>
        <div className="form-row-2">
          <TextField label={t`Window opens`} type="datetime-local" {...form.field('opens_at')} hint={t`In your time zone; stored in UTC.`} />
          <TextField label={t`Window closes`} type="datetime-local" {...form.field('closes_at')} />
        </div>
        <TextField label={t`Expected allocation`} type="datetime-local" {...form.field('allocation_at')} />
        {LOCALES.map((locale) => (
          <fieldset key={locale} className="form-grid" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="field-label">{languageNames[locale]}</legend>
            <TextAreaField label={t`Description`} rows={3} {...form.field(`texts.${locale}.description`)} />
            <TextAreaField label={t`Risk disclosure`} rows={3} {...form.field(`texts.${locale}.risk`)} />
          </fieldset>
        ))}
        <DialogActions busy={form.busy} onCancel={close}>
          {offering ? <Trans>Save changes</Trans> : <Trans>Create draft</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
