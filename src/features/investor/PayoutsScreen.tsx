import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatAmountInput, formatMoney } from '../../../contract/money';
import type { PartnerPayout, PartnerWallet, PayoutKind } from '../../../contract/partners';
import { queryClient } from '../../data/query-client';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { InboxIcon } from '../../ui/icons/InboxIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { StatusBadge } from '../../ui/StatusBadge';
import { accountsQuery } from '../accounts';
import { createIdempotentPoster, PaymentMethodPicker, paymentMethodsQuery } from '../wallet';
import { requestPayout } from './api/partner-actions';
import { partnerKeys, partnerMeQuery, partnerPayoutsQuery } from './api/partner-queries';
import { PAYOUT_STATUS_LABELS, PAYOUT_STATUS_TONES } from './investor-labels';

/** The partner wallet: its balance, a withdrawal or a transfer to a trading account, and the payouts so far. */
export function PayoutsScreen() {
  const me = useQuery(partnerMeQuery(), queryClient);
  const wallet = me.data?.partner?.wallet;
  return (
    <div className="investor-stack">
      {wallet ? <PayoutForm wallet={wallet} /> : <LoadingState />}
      <PayoutList />
    </div>
  );
}

interface PayoutData extends Record<string, unknown> {
  amount: string;
  account_id: string;
}

function PayoutForm({ wallet }: { wallet: PartnerWallet }) {
  const { t } = useLingui();
  const lang = useLang();
  const [kind, setKind] = useState<PayoutKind>('transfer');
  const [done, setDone] = useState<string | null>(null);
  const [methodChoice, setMethodChoice] = useState('');
  const poster = useRef(createIdempotentPoster()).current;
  const readAmount = useAmountReader();
  const currency = { code: wallet.currency, precision: wallet.precision };
  const money = (minor: number) => formatMoney(minor, wallet.currency, wallet.precision, lang);

  const accounts = useQuery(accountsQuery(), queryClient);
  // The wallet pays into a live account of its own currency: no conversion hides in a payout.
  const targets = (accounts.data ?? []).filter((a) => a.type === 'live' && a.currency.code === wallet.currency);
  const methods = useQuery({ ...paymentMethodsQuery(wallet.currency, 'withdrawal'), enabled: kind === 'withdrawal' }, queryClient);
  const list = methods.data ?? [];
  const method = kind === 'withdrawal' ? (list.find((m) => String(m.id) === methodChoice) ?? list[0]) : undefined;

  const form = useForm<PayoutData>(
    { amount: '', account_id: '' },
    (typed) => {
      setDone(null);
      const reading = readAmount(typed.amount, currency);
      const amount = reading.ok ? reading.decimal : typed.amount;
      const account = typed.account_id || String(targets[0]?.id ?? '');
      return requestPayout(poster, {
        kind,
        amount,
        ...(kind === 'transfer' && account ? { account_id: Number(account) } : {}),
        ...(kind === 'withdrawal' && method ? { payment_method_id: method.id } : {}),
      });
    },
    (output) => {
      poster.done();
      const payout = output as PartnerPayout;
      const amount = money(payout.amount);
      setDone(
        payout.kind === 'transfer'
          ? t`${amount} moved to account ${payout.account?.number ?? ''}.`
          : t`Withdrawal ${payout.reference} for ${amount} requested. Our staff process it, usually within one business day.`,
      );
      form.set('amount', '');
      void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountsQuery().queryKey });
    },
  );

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const text = form.data.amount;
    // A blank amount goes to the server, whose "required" message names the field.
    if (text.trim() !== '') {
      const reading = readAmount(text, currency);
      if (!reading.ok) return form.actor.send({ type: 'form.setErrors', errors: { amount: [reading.message] } });
      // Never below zero: the server refuses it too, but the partner reads why before sending.
      const minor = Math.round(Number(reading.decimal) * 10 ** wallet.precision);
      if (minor > wallet.available) return form.actor.send({ type: 'form.setErrors', errors: { amount: [t`At most ${money(wallet.available)} is available.`] } });
    }
    form.actor.send({ type: 'form.submit' });
  }

  const switchTo = (next: PayoutKind) => {
    setKind(next);
    setDone(null);
    form.actor.send({ type: 'form.setErrors', errors: {} });
  };
  const field = form.field('account_id');

  return (
    <section className="card" aria-labelledby="payout-title">
      <div className="investor-balance">
        <div>
          <h2 id="payout-title" className="stat-label">
            <Trans>Partner wallet</Trans>
          </h2>
          <p className="stat-value amount">{money(wallet.balance)}</p>
        </div>
        <p className="field-hint">
          <Trans>Available to pay out: {money(wallet.available)}</Trans>
        </p>
      </div>
      <form className="wallet-form investor-payout-form" noValidate onSubmit={submit}>
        <SegmentedControl
          label={t`Payout`}
          options={[
            { value: 'transfer', label: t`To a trading account` },
            { value: 'withdrawal', label: t`Withdraw` },
          ]}
          value={kind}
          onChange={switchTo}
        />
        <FormBanner message={form.message} />
        {done ? (
          <div className="banner banner-success" role="status">
            <span>{done}</span>
          </div>
        ) : null}
        {kind === 'transfer' ? (
          targets.length === 0 && accounts.data ? (
            <p className="banner banner-info" role="status">
              <Trans>Open a live account in {wallet.currency} on the home page to move your rewards into it.</Trans>
            </p>
          ) : (
            <SelectField label={t`To account`} {...field} value={field.value || String(targets[0]?.id ?? '')}>
              {targets.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.number} · {formatMoney(a.balance, a.currency.code, a.currency.precision, lang)}
                </option>
              ))}
            </SelectField>
          )
        ) : methods.isError && !methods.data ? (
          <LoadError onRetry={() => void methods.refetch()} retrying={methods.isFetching} className="money-error">
            <Trans>The payment methods could not be loaded.</Trans>
          </LoadError>
        ) : methods.isPending ? (
          <LoadingState />
        ) : list.length > 0 ? (
          <PaymentMethodPicker
            methods={list}
            direction="withdrawal"
            value={method ? String(method.id) : ''}
            onChange={(id) => {
              setMethodChoice(id);
              form.actor.send({ type: 'form.keydown', field: 'payment_method_id' });
            }}
            error={form.errors.payment_method_id?.[0]}
          />
        ) : null}
        <TextField
          label={t`Amount, ${wallet.currency}`}
          {...form.field('amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatAmountInput(0, wallet.precision, lang)}
          hint={kind === 'transfer' ? t`Transfers to your trading account complete at once.` : t`A withdrawal is checked by our staff; the amount is held until then.`}
        />
        <SubmitButton busy={form.busy} block={false} disabled={kind === 'transfer' && targets.length === 0}>
          {kind === 'transfer' ? t`Transfer rewards` : t`Request withdrawal`}
        </SubmitButton>
      </form>
    </section>
  );
}

function PayoutList() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const payouts = useQuery(partnerPayoutsQuery(), queryClient);
  return (
    <section className="card" aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="card-title">
        <Trans>Payouts</Trans>
      </h2>
      {payouts.isError && !payouts.data ? (
        <LoadError onRetry={() => void payouts.refetch()} retrying={payouts.isFetching} className="money-error card-error">
          <Trans>Your payouts could not be loaded.</Trans>
        </LoadError>
      ) : !payouts.data ? (
        <LoadingState />
      ) : payouts.data.length === 0 ? (
        <div className="investor-empty">
          <span className="empty-icon">
            <InboxIcon />
          </span>
          <p className="field-hint">
            <Trans>No payouts yet.</Trans>
          </p>
        </div>
      ) : (
        <ul className="investor-payouts">
          {payouts.data.map((payout) => (
            <li key={payout.id}>
              <div>
                <strong>{payout.kind === 'transfer' ? t`To account ${payout.account?.number ?? ''}` : t`Withdrawal`}</strong>
                <span className="cell-sub mono">{payout.reference}</span>
                <span className="cell-sub">
                  <time dateTime={payout.created_at}>{i18n.date(new Date(payout.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </span>
                {payout.reason ? <span className="cell-sub">{payout.reason}</span> : null}
              </div>
              <div className="investor-payout-side">
                <span className="amount">{formatMoney(payout.amount, payout.currency, payout.precision, lang)}</span>
                <StatusBadge tone={PAYOUT_STATUS_TONES[payout.status]}>{i18n._(PAYOUT_STATUS_LABELS[payout.status])}</StatusBadge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
