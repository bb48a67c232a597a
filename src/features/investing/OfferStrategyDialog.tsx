import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FEE_PERIODS, MANAGEMENT_FEE_MAX_PERCENT, type MyStrategy, PERFORMANCE_FEE_MAX_PERCENT, STRATEGY_DESCRIPTION_MAX, STRATEGY_NAME_MAX, type FeePeriod, type StrategyVisibility } from '../../../contract/investing';
import { LOCALES, type Locale } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { SelectField } from '../../ui/choice/SelectField';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { accountsQuery } from '../accounts';
import { investingKeys } from './api/fetch-strategies';
import { offerStrategy } from './api/my-strategies';
import { money, readPercent } from './investing-format';
import '../../ui/dialog.css';

interface OfferData extends Record<string, unknown> {
  account_id: string;
  name: string;
  description_en: string;
  description_ru: string;
  description_ua: string;
  performance_fee_percent: string;
  management_fee_percent: string;
  min_investment: string;
  fee_period: FeePeriod;
  visibility: StrategyVisibility;
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', ua: 'Українська' };

/**
 * Offer one of the client's accounts as a strategy: its public name, a description in one or more
 * languages, the fee plan and who may follow it. Percentages and the minimum are typed as the
 * reader's language writes numbers; the server's refusals land on their fields.
 */
export function OfferStrategyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const accounts = useQuery(accountsQuery(), queryClient);
  const list = (accounts.data ?? []).filter((a) => a.status === 'active');
  const readAmount = useAmountReader();
  const [offered, setOffered] = useState<MyStrategy | null>(null);

  const form = useForm<OfferData>(
    {
      account_id: '',
      name: '',
      description_en: '',
      description_ru: '',
      description_ua: '',
      performance_fee_percent: '20',
      management_fee_percent: '2',
      min_investment: '',
      fee_period: 'weekly',
      visibility: 'public',
    },
    (data) => {
      const account = list.find((a) => String(a.id) === (data.account_id || String(list[0]?.id ?? '')));
      const reading = account && data.min_investment.trim() !== '' ? readAmount(data.min_investment, account.currency) : null;
      return offerStrategy({
        account_id: account?.id ?? 0,
        name: data.name,
        descriptions: Object.fromEntries(LOCALES.map((l) => [l, data[`description_${l}`] as string]).filter(([, text]) => (text ?? '').trim() !== '')),
        performance_fee_percent: readPercent(data.performance_fee_percent, lang) ?? data.performance_fee_percent,
        management_fee_percent: readPercent(data.management_fee_percent, lang) ?? data.management_fee_percent,
        min_investment: reading?.ok ? reading.decimal : data.min_investment.trim() === '' ? '0' : data.min_investment,
        fee_period: data.fee_period,
        visibility: data.visibility,
      });
    },
    (output) => {
      setOffered(output as MyStrategy);
      void queryClient.invalidateQueries({ queryKey: investingKeys.all });
    },
  );
  const chosen = list.find((a) => String(a.id) === (form.data.account_id || String(list[0]?.id ?? '')));

  const submit = (event: { preventDefault(): void }) => {
    const errors: Record<string, string[]> = {};
    if (readPercent(form.data.performance_fee_percent, lang) === null) errors.performance_fee_percent = [t`Type a percentage, for example 20 or 12.5.`];
    if (readPercent(form.data.management_fee_percent, lang) === null) errors.management_fee_percent = [t`Type a percentage, for example 20 or 12.5.`];
    if (chosen && form.data.min_investment.trim() !== '') {
      const reading = readAmount(form.data.min_investment, chosen.currency);
      if (!reading.ok) errors.min_investment = [reading.message];
    }
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors });
      return;
    }
    form.onSubmit(event);
  };
  const close = () => dialog.current?.close();
  // The server names the descriptions as a whole (`descriptions`) or one language (`descriptions.ru`).
  const descriptionError = (l: Locale) => form.errors[`descriptions.${l}`]?.[0] ?? (l === lang ? form.errors.descriptions?.[0] : undefined);
  const ordered = [lang, ...LOCALES.filter((l) => l !== lang)];
  const performanceMax = PERFORMANCE_FEE_MAX_PERCENT;
  const managementMax = MANAGEMENT_FEE_MAX_PERCENT;

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog form-dialog-wide" aria-labelledby="offer-title" onClose={onClose}>
      {offered ? (
        <div className="form-grid invest-dialog-body">
          <div className="dialog-head">
            <h2 id="offer-title">{t`Your strategy is offered`}</h2>
            <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
              <CloseIcon />
            </button>
          </div>
          {offered.invitation_code ? (
            <p>
              <Trans>
                Only clients with the invitation code can follow it. Share this code with them: <strong className="mono">{offered.invitation_code}</strong>
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>It is on the leaderboard now. Followers’ copies start with your next trade.</Trans>
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={close}>
              <Trans context="finish a dialog">Done</Trans>
            </button>
          </div>
        </div>
      ) : (
        <form className="form-grid" onSubmit={submit} noValidate>
          <div className="dialog-head">
            <h2 id="offer-title">{t`Offer your strategy`}</h2>
            <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
              <CloseIcon />
            </button>
          </div>
          <p className="field-hint">
            <Trans>Followers copy every trade of the account you choose, in proportion to their money. You earn the fees below from their copy accounts.</Trans>
          </p>
          <FormBanner message={form.message} />
          <SelectField {...form.field('account_id')} value={chosen ? String(chosen.id) : ''} label={t`Account to offer`}>
            {list.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.number} · {a.type === 'demo' ? t`Demo` : t`Live`} · {money(a.equity, a.currency, lang)}
              </option>
            ))}
          </SelectField>
          <TextField {...form.field('name')} label={t`Public name`} maxLength={STRATEGY_NAME_MAX} autoComplete="off" required />
          {ordered.map((l, index) => (
            <TextAreaField
              key={l}
              {...form.field(`description_${l}`)}
              error={descriptionError(l)}
              label={index === 0 ? t`Description (${LANGUAGE_NAMES[l]})` : t`Description (${LANGUAGE_NAMES[l]}, optional)`}
              lang={l === 'ua' ? 'uk' : l}
              rows={index === 0 ? 4 : 2}
              maxLength={STRATEGY_DESCRIPTION_MAX}
              hint={index === 0 ? t`How you trade, what you aim for, what can go wrong. Readers of a language you leave out see this one.` : undefined}
            />
          ))}
          <fieldset className="invest-fieldset">
            <legend className="field-label">
              <Trans>Fee plan</Trans>
            </legend>
            <div className="form-row-2">
              <TextField
                {...form.field('performance_fee_percent')}
                label={t`Performance fee, %`}
                inputMode="decimal"
                autoComplete="off"
                hint={t`Of profit above the high-water mark; up to ${performanceMax} %.`}
              />
              <TextField {...form.field('management_fee_percent')} label={t`Management fee, % a year`} inputMode="decimal" autoComplete="off" hint={t`Of equity, accrued daily; up to ${managementMax} %.`} />
            </div>
            <div className="form-row-2">
              <TextField
                {...form.field('min_investment')}
                label={chosen ? t`Minimum investment, ${chosen.currency.code}` : t`Minimum investment`}
                inputMode="decimal"
                autoComplete="off"
                hint={t`Leave empty for none.`}
              />
              <SelectField {...form.field('fee_period')} label={t`Performance fee is settled`}>
                {FEE_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {p === 'weekly' ? t`Every week` : t`Every month`}
                  </option>
                ))}
              </SelectField>
            </div>
          </fieldset>
          <div className="field">
            <span className="field-label" id="visibility-label">
              <Trans>Who can follow</Trans>
            </span>
            <SegmentedControl
              label={t`Who can follow`}
              options={[
                { value: 'public', label: t`Anyone (on the leaderboard)` },
                { value: 'invitation', label: t`By invitation code` },
              ]}
              value={form.data.visibility}
              onChange={(visibility) => form.set('visibility', visibility)}
            />
            {form.errors.visibility?.[0] ? (
              <p className="field-error" role="alert">
                {form.errors.visibility[0]}
              </p>
            ) : null}
          </div>
          <DialogActions busy={form.busy} onCancel={close}>
            <Trans>Offer the strategy</Trans>
          </DialogActions>
        </form>
      )}
    </dialog>
  );
}
