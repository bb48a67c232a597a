import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAmountInput } from '../../../contract/money';
import type { IpoApplication, IpoOffering } from '../../../contract/ipo';
import type { TradingAccount } from '../../../contract/trading';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { useForm } from '../../lib/use-form';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { TextField } from '../../ui/form/TextField';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { accountKeys, accountsQuery } from '../accounts';
import { applyFor, cancelApplication, changeApplication, reconfirmApplication } from './api/applications';
import { ipoKeys } from './api/fetch-offerings';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUS_TONES } from './ipo-labels';
import { localDate, localTime, offeringMoney, shareCount } from './ipo-format';

/** Held money and the ledger changed: every screen showing them loads them afresh. */
function refreshMoney() {
  void queryClient.invalidateQueries({ queryKey: ipoKeys.all });
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** The client's side of an offering: apply, change, cancel, reconfirm, or the allocation's outcome. */
export function ApplicationPanel({ offering, application }: { offering: IpoOffering; application: IpoApplication | null }) {
  const windowOpen = offering.state === 'open' && Date.parse(offering.closes_at) > Date.now();
  const holding = application && (application.status === 'active' || application.status === 'reconfirm');
  if (application?.status === 'allocated') return <AllocationResult offering={offering} application={application} />;
  if (application?.status === 'reconfirm') return <Reconfirm offering={offering} application={application} />;
  if (holding && application) return <HeldApplication offering={offering} application={application} windowOpen={windowOpen} />;
  return (
    <>
      {application ? <PastApplication offering={offering} application={application} /> : null}
      {windowOpen ? <ApplyForm offering={offering} /> : application ? null : <NotOpen offering={offering} />}
    </>
  );
}

function NotOpen({ offering }: { offering: IpoOffering }) {
  const { i18n } = useLingui();
  const opens = localTime(i18n, offering.opens_at);
  return (
    <div className="ipo-panel card">
      <h2>
        <Trans>Your application</Trans>
      </h2>
      <p>{offering.state === 'announced' ? <Trans>Applications open on {opens}.</Trans> : <Trans>Applications are closed for this offering.</Trans>}</p>
    </div>
  );
}

function useAmountField(offering: IpoOffering) {
  const readAmount = useAmountReader();
  return (typed: string): string | { message: string } => {
    const reading = readAmount(typed, offering.currency);
    return reading.ok ? reading.decimal : { message: reading.message };
  };
}

/** Submits unless the typed amount cannot be read in the reader's language: then the field says why, and nothing is sent. */
function checkedSubmit(form: { data: { amount: string }; actor: { send(event: { type: 'form.setErrors'; errors: Record<string, string[]> }): void }; onSubmit(event: { preventDefault(): void }): void }, read: (typed: string) => string | { message: string }) {
  return (event: { preventDefault(): void }) => {
    const amount = form.data.amount.trim() === '' ? '' : read(form.data.amount);
    if (typeof amount !== 'string') {
      event.preventDefault();
      form.actor.send({ type: 'form.setErrors', errors: { amount: [amount.message] } });
      return;
    }
    form.onSubmit(event);
  };
}

function ApplyForm({ offering }: { offering: IpoOffering }) {
  const { t } = useLingui();
  const lang = useLang();
  const accounts = useQuery(accountsQuery(), queryClient);
  // Shares are real: only live accounts in the offering's currency may apply (the server refuses a demo one too).
  const eligible = (accounts.data ?? []).filter((a: TradingAccount) => a.type === 'live' && a.status === 'active' && a.currency.code === offering.currency.code);
  const read = useAmountField(offering);
  const min = offeringMoney(offering, offering.min_application, lang);
  const max = offeringMoney(offering, offering.max_application, lang);
  const form = useForm(
    { account_id: '', amount: '' },
    (data) => {
      const amount = read(data.amount);
      return applyFor(offering.id, { account_id: data.account_id || String(eligible[0]?.id ?? ''), amount: typeof amount === 'string' ? amount : data.amount });
    },
    refreshMoney,
  );
  const submit = checkedSubmit(form, read);
  if (accounts.isSuccess && eligible.length === 0) {
    const currency = offering.currency.code;
    return (
      <div className="ipo-panel card">
        <h2>
          <Trans>Apply</Trans>
        </h2>
        <p>
          <Trans>You need a live account in {currency} to apply: demo accounts cannot buy IPO shares. Open one on the home page and fund it.</Trans>
        </p>
      </div>
    );
  }
  return (
    <form className="ipo-panel card" onSubmit={submit} aria-labelledby="ipo-apply-title" noValidate>
      <h2 id="ipo-apply-title">
        <Trans>Apply</Trans>
      </h2>
      <p className="field-hint">
        <Trans>The amount is held on the account, not spent: you can change or cancel it until the window closes.</Trans>{' '}
        <Trans>While it is held, it cannot be used as margin for trading.</Trans>
      </p>
      <SelectField
        {...form.field('account_id')}
        value={form.data.account_id || String(eligible[0]?.id ?? '')}
        label={t`Account`}
        options={eligible.map((a) => ({ value: String(a.id), label: t`${a.number} · available ${offeringMoney(offering, a.available, lang)}` }))}
      />
      <TextField {...form.field('amount')} label={t`Amount`} inputMode="decimal" autoComplete="off" hint={t`From ${min} to ${max}`} />
      <FormBanner message={form.message} />
      <SubmitButton busy={form.busy}>
        <Trans>Apply and hold the amount</Trans>
      </SubmitButton>
    </form>
  );
}

function HeldApplication({ offering, application, windowOpen }: { offering: IpoOffering; application: IpoApplication; windowOpen: boolean }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const read = useAmountField(offering);
  const [changing, setChanging] = useState(false);
  const held = offeringMoney(offering, application.held, lang);
  const account = application.account_number;
  const cancel = useMutation({ mutationFn: () => cancelApplication(application.id), onSuccess: refreshMoney }, queryClient);
  const form = useForm(
    { amount: formatAmountInput(application.amount, offering.currency.precision, lang) },
    (data) => {
      const amount = read(data.amount);
      return changeApplication(application.id, typeof amount === 'string' ? amount : data.amount);
    },
    () => {
      setChanging(false);
      refreshMoney();
    },
  );
  const submitChange = checkedSubmit(form, read);
  return (
    <div className="ipo-panel card" data-testid="ipo-application">
      <h2>
        <Trans>Your application</Trans>
      </h2>
      <StatusBadge tone={APPLICATION_STATUS_TONES[application.status]}>{i18n._(APPLICATION_STATUS_LABELS[application.status])}</StatusBadge>
      <p>
        <Trans>
          {held} is held on account {account}. It is not spent: it stays yours until the shares are allocated, and what is not allocated is released at once.
        </Trans>
      </p>
      {windowOpen && changing ? (
        <form onSubmit={submitChange} className="ipo-panel" style={{ padding: 0 }} noValidate>
          <TextField {...form.field('amount')} label={t`New amount`} inputMode="decimal" autoComplete="off" />
          <FormBanner message={form.message} />
          <div className="ipo-actions">
            <SubmitButton busy={form.busy} block={false}>
              <Trans>Save the change</Trans>
            </SubmitButton>
            <button type="button" className="btn btn-ghost" onClick={() => setChanging(false)}>
              <Trans>Keep the amount</Trans>
            </button>
          </div>
        </form>
      ) : windowOpen ? (
        <div className="ipo-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setChanging(true)}>
            <Trans>Change the amount</Trans>
          </button>
          <button type="button" className="btn btn-ghost" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            <Trans>Cancel the application</Trans>
          </button>
        </div>
      ) : (
        <p className="field-hint">
          <Trans>The window is closed: the application is final. Allocation is expected on {localDate(i18n, offering.allocation_at)}.</Trans>
        </p>
      )}
      <FormBanner message={cancel.isError ? messageOf(errorBody(cancel.error)) : null} />
    </div>
  );
}

function Reconfirm({ offering, application }: { offering: IpoOffering; application: IpoApplication }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const confirm = useMutation({ mutationFn: () => reconfirmApplication(application.id), onSuccess: refreshMoney }, queryClient);
  const price = offeringMoney(offering, offering.final_price ?? 0, lang);
  const deadline = localTime(i18n, offering.reconfirm_until ?? offering.allocation_at);
  const held = offeringMoney(offering, application.held, lang);
  return (
    <div className="ipo-panel card" data-testid="ipo-reconfirm">
      <h2>
        <Trans>Reconfirm your application</Trans>
      </h2>
      <div className="banner banner-warning" role="status">
        <span>
          <Trans>
            The final price, {price}, lies more than 20% outside the announced range. Your application of {held} stays only if you reconfirm it by {deadline}; otherwise it lapses and the money is released.
          </Trans>
        </span>
      </div>
      <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        <Trans>Reconfirm at {price}</Trans>
      </button>
      <FormBanner message={confirm.isError ? messageOf(errorBody(confirm.error)) : null} />
    </div>
  );
}

function PastApplication({ offering, application }: { offering: IpoOffering; application: IpoApplication }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const amount = offeringMoney(offering, application.amount, lang);
  return (
    <div className="ipo-panel card">
      <h2>
        <Trans>Your application</Trans>
      </h2>
      <StatusBadge tone={APPLICATION_STATUS_TONES[application.status]}>{i18n._(APPLICATION_STATUS_LABELS[application.status])}</StatusBadge>
      <p>
        {application.status === 'lapsed' ? (
          <Trans>Your application of {amount} was not reconfirmed in time; the money was released.</Trans>
        ) : (
          <Trans>Your application of {amount} was cancelled; the money was released.</Trans>
        )}
      </p>
    </div>
  );
}

/** After allocation: what was asked, what was allocated at which price and by which rule, what came back, and the lock-up. */
function AllocationResult({ offering, application }: { offering: IpoOffering; application: IpoApplication }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const allocated = application.allocated_amount ?? 0;
  const released = application.amount - allocated;
  const cap = offering.per_client_max === null ? null : shareCount(i18n, offering.per_client_max);
  return (
    <div className="ipo-panel card" data-testid="ipo-allocation">
      <h2>
        <Trans>Your allocation</Trans>
      </h2>
      <dl className="ipo-facts">
        <Fact label={t({ message: 'Requested', context: 'IPO allocation' })} value={`${offeringMoney(offering, application.amount, lang)} · ${t`${shareCount(i18n, application.requested_shares ?? 0)} shares`}`} />
        <Fact label={t`Allocated`} value={t`${shareCount(i18n, application.allocated_shares ?? 0)} shares`} />
        <Fact label={t`Final price`} value={offeringMoney(offering, offering.final_price ?? 0, lang)} />
        <Fact label={t`Paid from the hold`} value={offeringMoney(offering, allocated, lang)} />
        <Fact label={t`Released to your account`} value={offeringMoney(offering, released, lang)} />
        <Fact label={t`Lock-up ends`} value={localDate(i18n, offering.lockup_ends_at)} />
      </dl>
      <p className="field-hint">
        {cap === null ? (
          <Trans>
            Rule applied: pro-rata. Demand exceeded the shares offered, so everyone received the same share of what they asked for, rounded down; the few shares left by rounding went one each to the largest remainders.
          </Trans>
        ) : (
          <Trans>
            Rule applied: pro-rata with at most {cap} shares per client. Everyone received the same share of what they asked for, rounded down; the few shares left by rounding went one each to the largest remainders.
          </Trans>
        )}
      </p>
    </div>
  );
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
