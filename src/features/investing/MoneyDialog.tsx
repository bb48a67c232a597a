import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CopySubscriptionDetails } from '../../../contract/investing';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { accountsQuery } from '../accounts';
import { createIdempotentPoster } from '../wallet';
import { moveFunds } from './api/subscription-calls';
import { money } from './investing-format';
import '../../ui/dialog.css';

/**
 * Add funds to the copy account from the account the subscription was funded from, or withdraw to
 * it: at most the free margin, which the dialog says; fees due are settled first.
 */
export function MoneyDialog({
  subscription,
  direction,
  onDone,
  onClose,
}: {
  subscription: CopySubscriptionDetails;
  direction: 'add-funds' | 'withdraw';
  onDone: (next: CopySubscriptionDetails) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const lang = useLang();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const poster = useRef(createIdempotentPoster()).current;
  const readAmount = useAmountReader();
  const accounts = useQuery(accountsQuery(), queryClient);
  const source = accounts.data?.find((a) => a.id === subscription.source_account_id);
  const form = useForm(
    { amount: '' },
    (data) => {
      const reading = readAmount(data.amount, subscription.currency);
      return moveFunds(poster, subscription.id, direction, reading.ok ? reading.decimal : data.amount);
    },
    (output) => {
      poster.done();
      onDone(output as CopySubscriptionDetails);
      dialog.current?.close();
    },
  );
  const submit = (event: { preventDefault(): void }) => {
    const reading = form.data.amount.trim() === '' ? null : readAmount(form.data.amount, subscription.currency);
    if (reading && !reading.ok) {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors: { amount: [reading.message] } });
      return;
    }
    form.onSubmit(event);
  };
  const close = () => dialog.current?.close();
  const available = money(subscription.free_margin, subscription.currency, lang);
  const account = source?.number ?? '';
  const code = subscription.currency.code;
  const withdrawing = direction === 'withdraw';
  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="money-title" onClose={onClose}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id="money-title">{withdrawing ? t`Withdraw from the copy account` : t`Add funds to the copy account`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        {withdrawing ? (
          <p>
            <Trans>
              You can withdraw up to <strong>{available}</strong> now: the free margin, what open positions do not hold. Fees due are settled first. The money goes to account {account}.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>The money comes from account {account}. From the next trade on, copies are sized on the larger equity.</Trans>
          </p>
        )}
        <TextField {...form.field('amount')} label={t`Amount, ${code}`} inputMode="decimal" autoComplete="off" />
        <DialogActions busy={form.busy} onCancel={close}>
          {withdrawing ? <Trans>Withdraw</Trans> : <Trans>Add funds</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
