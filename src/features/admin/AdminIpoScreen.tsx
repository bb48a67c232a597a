import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { IPO_RECONFIRM_HOURS_DEFAULT, IPO_RECONFIRM_HOURS_MAX, IPO_RECONFIRM_HOURS_MIN, type AdminIpoOffering, type IpoAllocationPreview } from '../../../contract/ipo';
import { ipoOfferingSnapshot, selectIpoActions, type IpoStaffStep } from '../../../machines/ipo-offering/ipo-offering.selectors';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { RocketIcon } from '../../ui/icons/RocketIcon';
import { EmptyState } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAmountReader } from '../../ui/money/use-amount-reader';
import { ipoKeys, localTime, OFFERING_STATE_LABELS, OFFERING_STATE_TONES, offeringMoney, priceRange, shareCount, STAFF_STEP_LABELS } from '../ipo';
import { accountKeys } from '../accounts';
import { adminIpoKeys, adminIpoOfferingsQuery, allocateIpoOffering, priceIpoOffering, stepIpoOffering } from './api/fetch-admin-ipo';
import { IpoOfferingDialog } from './IpoOfferingDialog';
import { IpoOfferingTimeline } from './IpoOfferingTimeline';
import { IpoProspectusUpload } from './IpoProspectusUpload';
import './admin-money.css';

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminIpoKeys.all });
  void queryClient.invalidateQueries({ queryKey: ipoKeys.all });
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
};

/** A whole number as staff type it (spaces around allowed), or null for anything else. */
function wholeNumber(text: string): number | null {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** A figure staff type: no autofill, and typing again takes back what the last attempt showed (its error, its preview). */
function FigureField({ onEdit, onValueChange, ...field }: ComponentProps<typeof TextField> & { onEdit: () => void }) {
  return (
    <TextField
      autoComplete="off"
      {...field}
      onValueChange={(value) => {
        onValueChange(value);
        onEdit();
      }}
    />
  );
}

/** Staff: offerings through their lifecycle, the final price, and the allocation with its preview. */
export function AdminIpoScreen() {
  const { t } = useLingui();
  usePageTitle(t`IPO offerings`);
  const offerings = useQuery(adminIpoOfferingsQuery(), queryClient);
  const [editing, setEditing] = useState<AdminIpoOffering | 'new' | null>(null);

  return (
    <section className="card" aria-labelledby="ipo-admin-title">
      <div className="chart-toolbar admin-toolbar">
        <div>
          <h2 id="ipo-admin-title" className="admin-card-title">
            <Trans>IPO offerings</Trans>
          </h2>
          <p className="field-hint">
            <Trans>Clients see an offering once it is announced; their applications are held on their accounts until you allocate.</Trans>
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <PlusIcon size={18} />
          <Trans>New offering</Trans>
        </button>
      </div>
      <QueryState query={offerings} error={<Trans>The offerings could not be loaded.</Trans>}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<RocketIcon />} title={t`No offerings yet`} />
          ) : (
            <ul className="ipo-admin-list">
              {list.map((offering) => (
                <AdminOffering key={offering.id} offering={offering} onEdit={() => setEditing(offering)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {editing ? (
        <IpoOfferingDialog
          offering={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </section>
  );
}

function AdminOffering({ offering, onEdit }: { offering: AdminIpoOffering; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const now = new Date().toISOString();
  const actions = selectIpoActions(ipoOfferingSnapshot(offering.state), { opens_at: offering.opens_at, reconfirm_until: offering.reconfirm_until, awaiting: 0 }, now);
  const [reason, setReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [showTimeline, setShowTimeline] = useState(false);
  const step = useMutation({ mutationFn: (event: IpoStaffStep) => stepIpoOffering(offering.id, event, event === 'offering.cancel' ? reason : undefined), onSuccess: refresh }, queryClient);
  const demand = offeringMoney(offering, offering.demand, lang);
  const count = offering.applications;

  return (
    <li className="ipo-admin-item" data-testid={`ipo-offering-${offering.id}`}>
      <div className="ipo-card-head">
        <strong className="ipo-card-title">
          {offering.company} <span className="ipo-ticker">{offering.ticker}</span>
        </strong>
        <StatusBadge tone={OFFERING_STATE_TONES[offering.state]}>{i18n._(OFFERING_STATE_LABELS[offering.state])}</StatusBadge>
      </div>
      <p className="field-hint">
        {priceRange(offering, lang)} · {t`${shareCount(i18n, offering.shares_offered)} shares`} · {localTime(i18n, offering.opens_at)} – {localTime(i18n, offering.closes_at)}
      </p>
      <p>
        <Plural value={count} one={`# application holding ${demand}`} other={`# applications holding ${demand}`} />
        {offering.final_price !== null ? ` · ${t`Final price ${offeringMoney(offering, offering.final_price, lang)}`}` : null}
        {offering.reconfirm_until ? ` · ${t`Reconfirmation until ${localTime(i18n, offering.reconfirm_until)}`}` : null}
      </p>
      <div className="ipo-actions">
        {actions.edit ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit}>
            <Trans>Edit</Trans>
          </button>
        ) : null}
        {actions.steps
          .filter((s) => s !== 'offering.cancel')
          .map((s) => (
            <button key={s} type="button" className="btn btn-secondary btn-sm" disabled={step.isPending} onClick={() => step.mutate(s)}>
              {i18n._(STAFF_STEP_LABELS[s])}
            </button>
          ))}
        {actions.steps.includes('offering.cancel') && !cancelling ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCancelling(true)}>
            {i18n._(STAFF_STEP_LABELS['offering.cancel'])}
          </button>
        ) : null}
      </div>
      {cancelling ? (
        <form
          className="ipo-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            step.mutate('offering.cancel');
          }}
        >
          <TextField label={t`Reason clients will read`} name="reason" value={reason} onValueChange={setReason} maxLength={500} />
          <div className="ipo-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={step.isPending || reason.trim() === ''}>
              <Trans>Cancel and release every hold</Trans>
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCancelling(false)}>
              <Trans>Keep the offering</Trans>
            </button>
          </div>
        </form>
      ) : null}
      <FormBanner message={step.isError ? messageOf(errorBody(step.error)) : null} />
      {actions.price ? <PriceForm offering={offering} /> : null}
      {offering.state === 'priced' ? <AllocationForm offering={offering} /> : null}
      {offering.state === 'cancelled' ? null : <IpoProspectusUpload offering={offering} onUploaded={refresh} />}
      <details className="ipo-admin-timeline" onToggle={(event) => setShowTimeline(event.currentTarget.open)}>
        <summary>
          <Trans>Timeline</Trans>
        </summary>
        {showTimeline ? <IpoOfferingTimeline id={offering.id} /> : null}
      </details>
    </li>
  );
}

function PriceForm({ offering }: { offering: AdminIpoOffering }) {
  const { t } = useLingui();
  const readAmount = useAmountReader();
  const [typed, setTyped] = useState('');
  const [hours, setHours] = useState(String(IPO_RECONFIRM_HOURS_DEFAULT));
  const [problem, setProblem] = useState<string | undefined>();
  const [hoursProblem, setHoursProblem] = useState<string | undefined>();
  const price = useMutation({ mutationFn: ({ decimal, within }: { decimal: string; within: number }) => priceIpoOffering(offering.id, decimal, within), onSuccess: refresh }, queryClient);
  const min = IPO_RECONFIRM_HOURS_MIN;
  const max = IPO_RECONFIRM_HOURS_MAX;
  return (
    <form
      className="ipo-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const reading = readAmount(typed, offering.currency);
        if (!reading.ok) return setProblem(reading.message);
        const within = wholeNumber(hours);
        if (within === null || within < min || within > max) return setHoursProblem(t`Enter a whole number of hours from ${min} to ${max}.`);
        price.mutate({ decimal: reading.decimal, within });
      }}
    >
      <FigureField
        label={t`Final price per share, ${offering.currency.code}`}
        name="price"
        inputMode="decimal"
        value={typed}
        onValueChange={setTyped}
        onEdit={() => setProblem(undefined)}
        error={problem ?? (price.isError ? messageOf(errorBody(price.error)) ?? undefined : undefined)}
        hint={t`More than 20% outside the range: every client must reconfirm within the hours below.`}
      />
      <FigureField
        label={t`Hours to reconfirm`}
        name="hours"
        inputMode="numeric"
        value={hours}
        onValueChange={setHours}
        onEdit={() => setHoursProblem(undefined)}
        error={hoursProblem}
        hint={t`From ${min} to ${max} hours; 48 unless you change it. Applications not reconfirmed by then lapse and are released.`}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={price.isPending}>
        <Trans>Set the final price</Trans>
      </button>
    </form>
  );
}

function AllocationForm({ offering }: { offering: AdminIpoOffering }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const [cap, setCap] = useState('');
  const typedCap = wholeNumber(cap);
  const perClientMax = typedCap !== null && typedCap > 0 ? typedCap : null;
  const [preview, setPreview] = useState<IpoAllocationPreview | null>(null);
  const previewing = useMutation({ mutationFn: () => allocateIpoOffering(offering.id, perClientMax, false), onSuccess: setPreview }, queryClient);
  const allocating = useMutation({ mutationFn: () => allocateIpoOffering(offering.id, perClientMax, true), onSuccess: refresh }, queryClient);
  const error = previewing.error ?? allocating.error;
  return (
    <div className="ipo-inline-form">
      <FigureField
        label={t`Per-client maximum, shares`}
        name="per_client_max"
        inputMode="numeric"
        value={cap}
        onValueChange={setCap}
        onEdit={() => setPreview(null)}
        hint={t`Leave empty for no maximum.`}
      />
      <div className="ipo-actions">
        <button type="button" className="btn btn-secondary btn-sm" disabled={previewing.isPending} onClick={() => previewing.mutate()}>
          <Trans>Preview the allocation</Trans>
        </button>
        {preview ? (
          <button type="button" className="btn btn-primary btn-sm" disabled={allocating.isPending} onClick={() => allocating.mutate()}>
            <Trans>Confirm the allocation</Trans>
          </button>
        ) : null}
      </div>
      <FormBanner message={error ? messageOf(errorBody(error)) : null} />
      {preview ? (
        <div className="ipo-table-wrap">
          <p className="field-hint">
            <Trans>
              Pro-rata at {offeringMoney(offering, preview.price, lang)}: {shareCount(i18n, preview.requested_shares)} shares asked, {shareCount(i18n, preview.allocated_shares)} of {shareCount(i18n, preview.shares_offered)} allocated. Each client gets the same share of what they asked, rounded down; shares left by rounding go one each to the largest remainders.
            </Trans>
          </p>
          <table className="ipo-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Client</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Asked</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Allocated</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Released</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.lines.map((line) => (
                <tr key={line.application_id}>
                  <td>{line.client}</td>
                  <td className="num">{shareCount(i18n, line.requested_shares)}</td>
                  <td className="num">{shareCount(i18n, line.allocated_shares)}</td>
                  <td className="num">{offeringMoney(offering, line.released, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
