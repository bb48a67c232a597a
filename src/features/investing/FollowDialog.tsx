import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { CopySubscriptionDetails, StrategyDetails } from '../../../contract/investing';
import { parseTypedAmount } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { accountKeys, accountsQuery } from '../accounts';
import { createIdempotentPoster } from '../wallet';
import { investingKeys } from './api/fetch-strategies';
import { follow } from './api/subscription-calls';
import { money } from './investing-format';
import '../../ui/dialog.css';

interface FollowData extends Record<string, unknown> {
  account_id: string;
  amount: string;
  invitation_code: string;
}

/**
 * Follow a strategy: the amount typed as the reader's language writes it ("250,50" in ru), the
 * account it comes from (same currency as the strategy), the invitation code when the strategy is
 * private, and what will happen in words. A retry of the same content reuses its idempotency key.
 */
export function FollowDialog({ strategy, onClose }: { strategy: StrategyDetails; onClose: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const poster = useRef(createIdempotentPoster()).current;
  const readAmount = useAmountReader();
  const accounts = useQuery(accountsQuery(), queryClient);
  const eligible = (accounts.data ?? []).filter((a) => a.status === 'active' && a.currency.code === strategy.currency.code);
  const invitation = strategy.visibility === 'invitation';

  const form = useForm<FollowData>(
    { account_id: '', amount: '', invitation_code: '' },
    (data) => {
      const reading = readAmount(data.amount, strategy.currency);
      return follow(poster, strategy.id, {
        account_id: Number(data.account_id || eligible[0]?.id || 0),
        // Text that cannot be read goes as typed, for the server's message on the field.
        amount: reading.ok ? reading.decimal : data.amount,
        ...(invitation ? { invitation_code: data.invitation_code } : {}),
      });
    },
    (output) => {
      poster.done();
      void queryClient.invalidateQueries({ queryKey: investingKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      const subscription = output as CopySubscriptionDetails;
      void navigate({ to: '/$lang/investing/subscriptions/$subscriptionId', params: { lang, subscriptionId: String(subscription.id) } });
    },
  );
  const source = eligible.find((a) => String(a.id) === form.data.account_id) ?? eligible[0];
  const reading = form.data.amount.trim() === '' ? null : readAmount(form.data.amount, strategy.currency);
  const submit = (event: { preventDefault(): void }) => {
    // A blank amount goes to the server, whose "required" message names the field.
    if (reading && !reading.ok) {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors: { amount: [reading.message] } });
      return;
    }
    form.onSubmit(event);
  };
  const close = () => dialog.current?.close();
  const name = strategy.name;
  const code = strategy.currency.code;
  const minimum = money(strategy.fee_plan.min_investment, strategy.currency, lang);
  const parsed = reading?.ok ? parseTypedAmount(form.data.amount, strategy.currency.precision, lang) : null;
  const typed = parsed?.ok ? money(parsed.minor, strategy.currency, lang) : null;
  const from = source?.number ?? '';

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="follow-title" onClose={onClose}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id="follow-title">{t`Follow ${name}`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        {accounts.isSuccess && eligible.length === 0 ? (
          <p className="banner banner-info">
            <Trans>You need an account in {code} to follow this strategy. Open one on the home page and fund it.</Trans>
          </p>
        ) : null}
        <SelectField {...form.field('account_id')} value={source ? String(source.id) : ''} label={t`From account`}>
          {eligible.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {t`${a.number} · ${a.type === 'demo' ? t`Demo` : t`Live`} · available ${money(a.available, a.currency, lang)}`}
            </option>
          ))}
        </SelectField>
        <TextField
          {...form.field('amount')}
          label={t`Amount, ${code}`}
          inputMode="decimal"
          autoComplete="off"
          hint={strategy.fee_plan.min_investment > 0 ? t`At least ${minimum}.` : undefined}
        />
        {invitation ? <TextField {...form.field('invitation_code')} label={t`Invitation code`} autoComplete="off" hint={t`The provider gives it to the clients they invite.`} /> : null}
        <div className="invest-what-happens" aria-live="polite">
          <p className="invest-what-title">
            <Trans>What happens</Trans>
          </p>
          <ol>
            <li>{typed ? <Trans>A copy account in {code} is opened for you and {typed} moves to it from account {from}.</Trans> : <Trans>A copy account in {code} is opened for you and the amount moves to it from account {from}.</Trans>}</li>
            <li>
              <Trans>Each new trade of the strategy is copied to it in proportion to its equity; a trade too small to copy is skipped, and you see why.</Trans>
            </li>
            <li>
              <Trans>Fees are taken from the copy account as the fee plan says. You can set a stop-loss, pause, withdraw or leave at any time.</Trans>
            </li>
          </ol>
        </div>
        <DialogActions busy={form.busy} onCancel={close} disabled={accounts.isSuccess && eligible.length === 0}>
          <Trans>Follow and fund</Trans>
        </DialogActions>
      </form>
    </dialog>
  );
}
