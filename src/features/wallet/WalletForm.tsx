import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { PaymentDirection } from '../../../contract/payments';
import type { LedgerEntry, TradingAccount, TransferResult } from '../../../contract/trading';
import { formatAmountInput, formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { errorBody } from '../../lib/http';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { createIdempotentPoster } from './api/idempotent-post';
import { paymentMethodsQuery } from './api/fetch-payment-methods';
import { requestDeposit, requestTransfer, requestWithdrawal } from './api/wallet-calls';
import { FeeSummary } from './FeeSummary';
import { securityQuery, WithdrawalHoldNotice } from '../security';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { VerificationNotice } from './VerificationNotice';
import { type VerificationRefusal, verificationRefusal } from './verification-refusal';
import './payment-methods.css';

type Operation = 'deposit' | 'withdrawal' | 'transfer';

interface WalletData extends Record<string, unknown> {
  account_id: string;
  from_account_id: string;
  to_account_id: string;
  amount: string;
}

/** Deposit, withdraw or transfer; a live deposit or withdrawal goes by a method of the catalogue, chosen with its fee in view. */
export function WalletForm({ accounts, onMoved }: { accounts: TradingAccount[]; onMoved: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const [operation, setOperation] = useState<Operation>('deposit');
  const [done, setDone] = useState<string | null>(null);
  const [methodChoice, setMethodChoice] = useState('');
  const [refusal, setRefusal] = useState<VerificationRefusal | null>(null);
  // The cool-down's end as a refused withdrawal gave it (422 `security_cooldown`), newer than the status.
  const [refusedUntil, setRefusedUntil] = useState<string | null>(null);
  const poster = useRef(createIdempotentPoster()).current;
  const readAmount = useAmountReader();
  const first = String(accounts[0]?.id ?? '');
  const byId = useMemo(() => new Map(accounts.map((a) => [String(a.id), a])), [accounts]);
  const sourceOf = (data: WalletData) => byId.get(operation === 'transfer' ? data.from_account_id : data.account_id);

  const form = useForm<WalletData>(
    { account_id: first, from_account_id: first, to_account_id: '', amount: '' },
    async (typed) => {
      setDone(null);
      setRefusal(null);
      const data = { ...typed, amount: apiAmount(typed) };
      const method = methodId === null ? {} : { payment_method_id: methodId };
      try {
        if (operation === 'deposit') return await requestDeposit(poster, { account_id: data.account_id, amount: data.amount, ...method });
        if (operation === 'withdrawal') return await requestWithdrawal(poster, { account_id: data.account_id, amount: data.amount, ...method });
        return await requestTransfer(poster, { from_account_id: data.from_account_id, to_account_id: data.to_account_id, amount: data.amount });
      } catch (error) {
        setRefusal(verificationRefusal(error));
        const held = (errorBody(error) as { withdrawals_held_until?: unknown } | undefined)?.withdrawals_held_until;
        if (typeof held === 'string') setRefusedUntil(held);
        throw error;
      }
    },
    (output) => {
      poster.done();
      setDone(describe(output as LedgerEntry | TransferResult));
      form.set('amount', '');
      onMoved();
    },
  );

  const selected = sourceOf(form.data);
  const direction: PaymentDirection | null = operation === 'transfer' ? null : operation;
  // Demo funds are virtual: no payment method moves them.
  const needsMethod = direction !== null && selected?.type === 'live';
  const methods = useQuery({ ...paymentMethodsQuery(selected?.currency.code ?? '', direction ?? 'deposit'), enabled: needsMethod && !!selected }, queryClient);
  const list = methods.data ?? [];
  const method = needsMethod ? (list.find((m) => String(m.id) === methodChoice) ?? list[0]) : undefined;
  const methodId = method ? String(method.id) : null;
  const blocked = needsMethod && !method;
  // After a security change live withdrawals wait: say until when before an amount is typed.
  const holdsLive = operation === 'withdrawal' && selected?.type === 'live';
  const security = useQuery({ ...securityQuery(), enabled: holdsLive }, queryClient);
  const heldUntil = holdsLive ? (refusedUntil ?? security.data?.withdrawals_held_until ?? null) : null;

  /** The typed amount in the API's decimal text; unreadable text goes as typed, for the server to refuse. */
  const apiAmount = (data: WalletData) => {
    const source = sourceOf(data);
    const reading = source ? readAmount(data.amount, source.currency) : null;
    return reading?.ok ? reading.decimal : data.amount;
  };
  const submit = (event: { preventDefault(): void }) => {
    const source = sourceOf(form.data);
    // A blank amount goes to the server, whose "required" message names the field.
    const reading = source && form.data.amount.trim() !== '' ? readAmount(form.data.amount, source.currency) : null;
    if (reading && !reading.ok) {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors: { amount: [reading.message] } });
      return;
    }
    form.onSubmit(event);
  };
  const money = (minor: number, account: { currency: string; precision: number }) => formatMoney(minor, account.currency, account.precision, lang);

  function describe(output: LedgerEntry | TransferResult): string {
    if ('from' in output) {
      const amount = money(-output.from.amount, output.from);
      return t`Transferred ${amount} from ${output.from.account_number} to ${output.to.account_number}.`;
    }
    const amount = money(Math.abs(output.amount), output);
    if (output.status === 'completed') {
      return output.kind === 'deposit'
        ? t`${amount} credited to ${output.account_number}.`
        : t`${amount} withdrawn from ${output.account_number}.`;
    }
    return output.kind === 'deposit'
      ? t`Deposit request ${output.reference} for ${amount} received. It is credited once our staff approve it.`
      : t`Withdrawal request ${output.reference} for ${amount} received. The funds are held until our staff process it.`;
  }

  const targets = accounts.filter(
    (a) => selected && a.id !== selected.id && a.currency.id === selected.currency.id && a.type === selected.type,
  );
  const option = (a: TradingAccount) => (
    <option key={a.id} value={String(a.id)}>
      {a.number} · {a.type === 'demo' ? t`Demo` : t`Live`} · {formatMoney(a.available, a.currency.code, a.currency.precision, lang)}
    </option>
  );
  const clearNotices = () => {
    setDone(null);
    setRefusal(null);
    form.actor.send({ type: 'form.setErrors', errors: {} });
  };
  const switchTo = (next: Operation) => {
    setOperation(next);
    clearNotices();
  };
  /** A field's props; the verification notice says the refusal once, so the field goes without it. */
  const field = (name: keyof WalletData & string) => {
    const props = form.field(name);
    const saidByNotice = refusal?.fields.includes(name) || (name === 'amount' && refusedUntil !== null && heldUntil !== null);
    return saidByNotice ? { ...props, error: undefined } : props;
  };
  const accountField = (name: 'account_id' | 'from_account_id') => ({
    ...field(name),
    onValueChange: (value: string) => {
      clearNotices();
      form.set(name, value);
    },
  });
  const hint =
    selected?.type === 'demo'
      ? t`Demo account: virtual funds move at once.`
      : operation === 'transfer'
        ? t`Transfers between your accounts complete at once.`
        : t`Live account: the request is checked by our staff, usually within one business day.`;
  const methodError = form.errors.payment_method_id?.[0];

  return (
    <section className="card" aria-labelledby="wallet-form-title">
      <h2 id="wallet-form-title" className="card-title">
        <Trans>Move funds</Trans>
      </h2>
      <form className="wallet-form" noValidate onSubmit={submit}>
        <SegmentedControl
          label={t`Operation`}
          options={[
            { value: 'deposit', label: t`Deposit` },
            { value: 'withdrawal', label: t`Withdraw` },
            { value: 'transfer', label: t`Transfer` },
          ]}
          value={operation}
          onChange={switchTo}
        />
        {refusal ? <VerificationNotice message={refusal.message} /> : <FormBanner message={form.message} />}
        {heldUntil && new Date(heldUntil).getTime() > Date.now() ? <WithdrawalHoldNotice until={heldUntil} /> : null}
        {done ? (
          <div className="banner banner-success" role="status">
            <span>{done}</span>
          </div>
        ) : null}
        {operation === 'transfer' ? (
          <div className="form-row-2">
            <SelectField label={t`From account`} {...accountField('from_account_id')}>
              {accounts.map(option)}
            </SelectField>
            <SelectField label={t`To account`} {...field('to_account_id')} hint={targets.length === 0 ? t`No other account in this currency and type.` : undefined}>
              <option value="">{t`Choose an account`}</option>
              {targets.map(option)}
            </SelectField>
          </div>
        ) : (
          <SelectField label={t`Account`} {...accountField('account_id')}>
            {accounts.map(option)}
          </SelectField>
        )}
        {needsMethod && direction ? (
          methods.isError && !methods.data ? (
            <LoadError onRetry={() => void methods.refetch()} retrying={methods.isFetching} className="money-error">
              <Trans>The payment methods could not be loaded.</Trans>
            </LoadError>
          ) : methods.isPending ? (
            <LoadingState />
          ) : list.length === 0 ? (
            <p className="banner banner-info" role="status">
              {direction === 'deposit'
                ? t`No payment method takes deposits in ${selected?.currency.code ?? ''} yet. Please contact support.`
                : t`No payment method pays out ${selected?.currency.code ?? ''} yet. Please contact support.`}
            </p>
          ) : (
            <PaymentMethodPicker
              methods={list}
              direction={direction}
              value={methodId ?? ''}
              onChange={(id) => {
                setMethodChoice(id);
                form.actor.send({ type: 'form.keydown', field: 'payment_method_id' });
              }}
              error={methodError}
            />
          )
        ) : null}
        <TextField
          label={selected ? t`Amount, ${selected.currency.code}` : t`Amount`}
          {...field('amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatAmountInput(0, selected?.currency.precision ?? 2, lang)}
          hint={hint}
        />
        {method && direction ? <FeeSummary method={method} direction={direction} typed={form.data.amount} /> : null}
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.busy || blocked} aria-busy={form.busy}>
          {form.busy ? <span className="spinner" aria-hidden="true" /> : null}
          {operation === 'deposit' ? t`Deposit funds` : operation === 'withdrawal' ? t`Request withdrawal` : t`Transfer funds`}
        </button>
      </form>
    </section>
  );
}
