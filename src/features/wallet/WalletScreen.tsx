import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import type { LedgerEntry, TradingAccount, TransferResult } from '../../../contract/trading';
import { formatAmountInput, formatMoney } from '../../../contract/money';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SelectField } from '../../ui/choice/SelectField';
import { TextField } from '../../ui/form/TextField';
import { WalletIcon } from '../../ui/icons';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { accountKeys, accountsQuery } from '../accounts';
import { historyKeys } from '../history';
import { createIdempotentPoster } from './api/idempotent-post';
import { requestDeposit, requestTransfer, requestWithdrawal } from './api/wallet-calls';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';

type Operation = 'deposit' | 'withdrawal' | 'transfer';

interface WalletData extends Record<string, unknown> {
  account_id: string;
  from_account_id: string;
  to_account_id: string;
  amount: string;
}

export function WalletScreen() {
  const { t } = useLingui();
  usePageTitle(t`Wallet`);
  const accounts = useQuery(accountsQuery(), queryClient);
  const list = accounts.data ?? [];
  // Balances and the ledger changed: every screen showing them loads them afresh.
  const onMoved = () => {
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    void queryClient.invalidateQueries({ queryKey: historyKeys.all });
  };

  return (
    <>
      <PageHeader eyebrow={t`Client area`} title={t`Wallet`} lead={t`Deposits, withdrawals and transfers between your own accounts.`} />
      {accounts.isError && !accounts.data ? (
        <LoadError onRetry={() => void accounts.refetch()} retrying={accounts.isFetching} className="money-error">
          <Trans>Your accounts could not be loaded.</Trans>
        </LoadError>
      ) : accounts.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <EmptyState icon={<WalletIcon />} title={t`No trading accounts yet`}>
          <p>
            <Trans>Open an account on the home page first; then fund it here.</Trans>
          </p>
          <WalletHomeLink />
        </EmptyState>
      ) : (
        <div className="wallet-layout">
          <WalletForm accounts={list.filter((a) => a.status === 'active')} onMoved={onMoved} />
          <Balances accounts={list} />
        </div>
      )}
    </>
  );
}

function WalletHomeLink() {
  const lang = useLang();
  return (
    <Link to="/$lang/home" params={{ lang }} className="btn btn-primary">
      <Trans>Go to my accounts</Trans>
    </Link>
  );
}

function WalletForm({ accounts, onMoved }: { accounts: TradingAccount[]; onMoved: () => void }) {
  const { t } = useLingui();
  const lang = useLang();
  const [operation, setOperation] = useState<Operation>('deposit');
  const [done, setDone] = useState<string | null>(null);
  const poster = useRef(createIdempotentPoster()).current;
  const readAmount = useAmountReader();
  const first = String(accounts[0]?.id ?? '');

  const form = useForm<WalletData>(
    { account_id: first, from_account_id: first, to_account_id: '', amount: '' },
    (typed) => {
      setDone(null);
      const data = { ...typed, amount: apiAmount(typed) };
      if (operation === 'deposit') return requestDeposit(poster, { account_id: data.account_id, amount: data.amount });
      if (operation === 'withdrawal') return requestWithdrawal(poster, { account_id: data.account_id, amount: data.amount });
      return requestTransfer(poster, { from_account_id: data.from_account_id, to_account_id: data.to_account_id, amount: data.amount });
    },
    (output) => {
      poster.done();
      setDone(describe(output as LedgerEntry | TransferResult));
      form.set('amount', '');
      onMoved();
    },
  );

  const byId = useMemo(() => new Map(accounts.map((a) => [String(a.id), a])), [accounts]);
  const sourceOf = (data: WalletData) => byId.get(operation === 'transfer' ? data.from_account_id : data.account_id);
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

  const selected = sourceOf(form.data);
  const targets = accounts.filter(
    (a) => selected && a.id !== selected.id && a.currency.id === selected.currency.id && a.type === selected.type,
  );
  const option = (a: TradingAccount) => (
    <option key={a.id} value={String(a.id)}>
      {a.number} · {a.type === 'demo' ? t`Demo` : t`Live`} · {formatMoney(a.available, a.currency.code, a.currency.precision, lang)}
    </option>
  );
  const switchTo = (next: Operation) => {
    setOperation(next);
    setDone(null);
    form.actor.send({ type: 'form.setErrors', errors: {} });
  };
  const hint =
    selected?.type === 'demo'
      ? t`Demo account: virtual funds move at once.`
      : operation === 'transfer'
        ? t`Transfers between your accounts complete at once.`
        : t`Live account: the request is checked by our staff, usually within one business day.`;

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
        <FormBanner message={form.message} />
        {done ? (
          <div className="banner banner-success" role="status">
            <span>{done}</span>
          </div>
        ) : null}
        {operation === 'transfer' ? (
          <div className="form-row-2">
            <SelectField label={t`From account`} {...form.field('from_account_id')}>
              {accounts.map(option)}
            </SelectField>
            <SelectField label={t`To account`} {...form.field('to_account_id')} hint={targets.length === 0 ? t`No other account in this currency and type.` : undefined}>
              <option value="">{t`Choose an account`}</option>
              {targets.map(option)}
            </SelectField>
          </div>
        ) : (
          <SelectField label={t`Account`} {...form.field('account_id')}>
            {accounts.map(option)}
          </SelectField>
        )}
        <TextField
          label={selected ? t`Amount, ${selected.currency.code}` : t`Amount`}
          {...form.field('amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={formatAmountInput(0, selected?.currency.precision ?? 2, lang)}
          hint={hint}
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <span className="spinner" aria-hidden="true" /> : null}
          {operation === 'deposit' ? t`Deposit funds` : operation === 'withdrawal' ? t`Request withdrawal` : t`Transfer funds`}
        </button>
      </form>
    </section>
  );
}

function Balances({ accounts }: { accounts: TradingAccount[] }) {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <section className="card" aria-labelledby="balances-title">
      <h2 id="balances-title" className="card-title">
        <Trans>Your balances</Trans>
      </h2>
      <ul className="balance-list">
        {accounts.map((a) => (
          <li key={a.id}>
            <span>
              <strong className="mono">{a.number}</strong>{' '}
              <span className={`badge badge-${a.type}`}>{a.type === 'demo' ? t`Demo` : t`Live`}</span>
              {a.available !== a.balance ? (
                <span className="cell-sub">
                  <Trans>Available: {formatMoney(a.available, a.currency.code, a.currency.precision, lang)}</Trans>
                </span>
              ) : null}
            </span>
            <strong className="amount">{formatMoney(a.balance, a.currency.code, a.currency.precision, lang)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
