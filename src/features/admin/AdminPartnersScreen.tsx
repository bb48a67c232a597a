import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '../../../contract/money';
import {
  FLAG_STATES,
  PARTNER_APPLICATION_STATES,
  type AdminPartner,
  type AdminPartnerApplication,
  type FlagDecision,
  type FlagState,
  type PartnerApplicationState,
  type PartnerFlag,
  type PartnerPlan,
} from '../../../contract/partners';
import { partnerApplicationSnapshot, selectDecisionActions } from '../../../machines/partner-application/partner-application.selectors';
import { queryClient } from '../../data/query-client';
import { showErrorAlert } from '../../lib/error-alert';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { InboxIcon } from '../../ui/icons/InboxIcon';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { APPLICATION_STATE_LABELS, APPLICATION_STATE_TONES, FLAG_REASON_LABELS, FLAG_STATE_LABELS, formatCount, PlanRates } from '../investor';
import {
  adminPartnerKeys,
  adminPartnersQuery,
  approveApplication,
  partnerApplicationsQuery,
  partnerFlagsQuery,
  partnerPlansQuery,
  partnerWithdrawalsQuery,
  decidePartnerWithdrawal,
  type StaffPartnerPayout,
  rejectApplication,
  resolveFlag,
  setShowEmails,
} from './api/partners';
import { PartnerPlanAssignDialog } from './PartnerPlanAssignDialog';
import { PartnerPlanDialog } from './PartnerPlanDialog';
import { ReasonDialog } from './ReasonDialog';
import './admin-partners.css';

const PARTNER_VIEWS = ['applications', 'plans', 'partners', 'flags', 'payouts'] as const;
type PartnerView = (typeof PARTNER_VIEWS)[number];

const route = getRouteApi('/$lang/_auth/_admin/administration/partners');
const refresh = () => queryClient.invalidateQueries({ queryKey: adminPartnerKeys.all });

/** Staff: the partner program's applications, plans, partners and flagged registrations. */
export function AdminPartnersScreen() {
  const { t } = useLingui();
  usePageTitle(t`Partners`);
  const { view = 'applications' } = route.useSearch();
  const navigate = route.useNavigate();
  const views: Array<[PartnerView, string]> = [
    ['applications', t`Applications`],
    ['plans', t`Plans`],
    ['partners', t`Partners`],
    ['flags', t`Flagged registrations`],
    ['payouts', t`Withdrawals`],
  ];
  return (
    <div className="admin-partners">
      <SegmentedControl
        label={t`Partner program`}
        options={views.map(([value, label]) => ({ value, label }))}
        value={view}
        onChange={(next) => void navigate({ search: { view: next === 'applications' ? undefined : next } })}
      />
      {view === 'applications' ? <Applications /> : view === 'plans' ? <Plans /> : view === 'partners' ? <Partners /> : view === 'flags' ? <Flags /> : <Withdrawals />}
    </div>
  );
}

function Notice({ text }: { text: string | null }) {
  return text ? (
    <div className="banner banner-success admin-partners-notice" role="status">
      <span>{text}</span>
    </div>
  ) : null;
}

function Applications() {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<PartnerApplicationState>('submitted');
  const [notice, setNotice] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminPartnerApplication | null>(null);
  const applications = useQuery(partnerApplicationsQuery(state), queryClient);
  const approve = useMutation({ mutationFn: (id: number) => approveApplication(id), onSettled: refresh }, queryClient);

  async function approveOne(application: AdminPartnerApplication) {
    setNotice(null);
    try {
      await approve.mutateAsync(application.id);
      setNotice(t`${application.user.name} is now a partner.`);
    } catch (failure) {
      void showErrorAlert(failure);
    }
  }

  return (
    <section className="card" aria-labelledby="applications-title">
      <div className="chart-toolbar">
        <h2 id="applications-title" className="admin-partners-title">
          <Trans>Applications</Trans>
        </h2>
        <SegmentedControl
          label={t`Show`}
          small
          options={PARTNER_APPLICATION_STATES.map((s) => ({ value: s, label: i18n._(APPLICATION_STATE_LABELS[s]) }))}
          value={state}
          onChange={setState}
        />
      </div>
      <Notice text={notice} />
      {rejecting ? (
        <ReasonDialog
          title={t`Decline the application of ${rejecting.user.name}?`}
          lead={t`The client reads your reason on the program's page and may apply again.`}
          action={t`Decline application`}
          onSubmit={(reason) => rejectApplication(rejecting.id, reason)}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setNotice(t`The application of ${rejecting.user.name} was declined.`);
            setRejecting(null);
            void refresh();
          }}
        />
      ) : null}
      {applications.isError && !applications.data ? (
        <LoadError onRetry={() => void applications.refetch()} retrying={applications.isFetching} className="money-error card-error">
          <Trans>The applications could not be loaded.</Trans>
        </LoadError>
      ) : !applications.data ? (
        <LoadingState />
      ) : applications.data.length === 0 ? (
        <div className="admin-partners-pad">
          <EmptyState icon={<InboxIcon />} title={state === 'submitted' ? t`Nothing is waiting` : t`No applications here yet`} />
        </div>
      ) : (
        <ul className="admin-partners-list">
          {applications.data.map((application) => {
            const actions = selectDecisionActions(partnerApplicationSnapshot(application.state));
            return (
              <li key={application.id} className="admin-application">
                <div className="admin-application-main">
                  <strong>{application.user.name}</strong>
                  <span className="cell-sub">{application.user.email}</span>
                  <span className="cell-sub">{i18n.date(new Date(application.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</span>
                  {application.website ? <span className="cell-sub mono admin-application-site">{application.website}</span> : null}
                  <p className="admin-application-text">{application.description}</p>
                  {application.reason ? <p className="field-hint">{t`Reason: ${application.reason}`}</p> : null}
                </div>
                <div className="admin-application-actions">
                  {actions.approve || actions.reject ? (
                    <>
                      {actions.approve ? (
                        <button type="button" className="btn btn-primary btn-sm" disabled={approve.isPending} onClick={() => void approveOne(application)} aria-label={t`Approve ${application.user.name}`}>
                          <Trans>Approve</Trans>
                        </button>
                      ) : null}
                      {actions.reject ? (
                        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRejecting(application)} aria-label={t`Decline ${application.user.name}`}>
                          <Trans>Decline</Trans>
                        </button>
                      ) : null}
                    </>
                  ) : (
                    <StatusBadge tone={APPLICATION_STATE_TONES[application.state]}>{i18n._(APPLICATION_STATE_LABELS[application.state])}</StatusBadge>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Plans() {
  const { t } = useLingui();
  const plans = useQuery(partnerPlansQuery(), queryClient);
  const [editing, setEditing] = useState<PartnerPlan | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="plans-title">
      <div className="chart-toolbar">
        <h2 id="plans-title" className="admin-partners-title">
          <Trans>Reward plans</Trans>
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <PlusIcon size={18} />
          <Trans>New plan</Trans>
        </button>
      </div>
      <Notice text={notice} />
      {editing ? (
        <PartnerPlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(plan) => {
            setEditing(null);
            setNotice(t`Plan ${plan.name} saved.`);
            void refresh();
          }}
        />
      ) : null}
      {plans.isError && !plans.data ? (
        <LoadError onRetry={() => void plans.refetch()} retrying={plans.isFetching} className="money-error card-error">
          <Trans>The plans could not be loaded.</Trans>
        </LoadError>
      ) : !plans.data ? (
        <LoadingState />
      ) : plans.data.length === 0 ? (
        <div className="admin-partners-pad">
          <EmptyState icon={<InboxIcon />} title={t`No plans yet`} />
        </div>
      ) : (
        <ul className="admin-plan-grid">
          {plans.data.map((plan) => (
            <li key={plan.id} className="admin-plan">
              <div className="admin-plan-head">
                <h3>{plan.name}</h3>
                <span className="admin-plan-badges">
                  {plan.is_default ? <StatusBadge tone="neutral">{t`Default`}</StatusBadge> : null}
                  {plan.auto_approve ? <StatusBadge tone="success">{t`Automatic approval`}</StatusBadge> : null}
                </span>
              </div>
              <PlanRates plan={plan} />
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(plan)} aria-label={t`Edit plan ${plan.name}`}>
                <Trans>Edit</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Partners() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const partners = useQuery(adminPartnersQuery(), queryClient);
  const plans = useQuery(partnerPlansQuery(), queryClient);
  const [assigning, setAssigning] = useState<AdminPartner | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const emails = useMutation({ mutationFn: (p: { id: number; show: boolean }) => setShowEmails(p.id, p.show), onSettled: refresh }, queryClient);

  return (
    <section className="card" aria-labelledby="partners-title">
      <div className="chart-toolbar">
        <h2 id="partners-title" className="admin-partners-title">
          <Trans>Partners</Trans>
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setAssigning('new')} disabled={!plans.data?.length}>
          <PlusIcon size={18} />
          <Trans>Make a client a partner</Trans>
        </button>
      </div>
      <Notice text={notice} />
      {assigning && plans.data ? (
        <PartnerPlanAssignDialog
          partner={assigning === 'new' ? null : assigning}
          plans={plans.data}
          onClose={() => setAssigning(null)}
          onSaved={(partner) => {
            setNotice(assigning === 'new' ? t`${partner.user.name} is now a partner.` : t`The plan of ${partner.user.name} was changed.`);
            setAssigning(null);
            void refresh();
          }}
        />
      ) : null}
      {partners.isError && !partners.data ? (
        <LoadError onRetry={() => void partners.refetch()} retrying={partners.isFetching} className="money-error card-error">
          <Trans>The partners could not be loaded.</Trans>
        </LoadError>
      ) : !partners.data ? (
        <LoadingState />
      ) : partners.data.length === 0 ? (
        <div className="admin-partners-pad">
          <EmptyState icon={<InboxIcon />} title={t`No partners yet`} />
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table admin-partners-table">
            <thead>
              <tr>
                <th scope="col">{t`Partner`}</th>
                <th scope="col">{t`Plan`}</th>
                <th scope="col" className="num">
                  {t`Clients`}
                </th>
                <th scope="col" className="num">
                  {t`Wallet`}
                </th>
                <th scope="col">{t`E-mails`}</th>
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {partners.data.map((partner) => (
                <tr key={partner.id}>
                  <th scope="row">
                    {partner.user.name}
                    <span className="cell-sub">{partner.user.email}</span>
                    {partner.parent ? <span className="cell-sub">{t`Sub-partner of ${partner.parent.name}`}</span> : null}
                  </th>
                  <td data-label={t`Plan`}>
                    {partner.plan.name}
                    {partner.next_plan ? (
                      <span className="cell-sub">
                        {t`From ${i18n.date(new Date(partner.next_plan.effective_from), { dateStyle: 'medium', timeZone: 'UTC' })}: ${partner.next_plan.name}`}
                      </span>
                    ) : null}
                  </td>
                  <td className="num" data-label={t`Clients`}>
                    {formatCount(partner.clients, lang)}
                  </td>
                  <td className="num amount" data-label={t`Wallet`}>
                    {formatMoney(partner.wallet.balance, partner.wallet.currency, partner.wallet.precision, lang)}
                  </td>
                  <td data-label={t`E-mails`}>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={partner.show_emails}
                        disabled={emails.isPending}
                        onChange={(event) => emails.mutate({ id: partner.id, show: event.target.checked })}
                      />
                      <span>{t`Show e-mails to ${partner.user.name}`}</span>
                    </label>
                  </td>
                  <td>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAssigning(partner)} aria-label={t`Change the plan of ${partner.user.name}`}>
                      <Trans>Change plan</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Flags() {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<FlagState>('open');
  const [notice, setNotice] = useState<string | null>(null);
  const flags = useQuery(partnerFlagsQuery(state), queryClient);
  const resolve = useMutation({ mutationFn: (p: { flag: PartnerFlag; decision: FlagDecision }) => resolveFlag(p.flag.id, p.decision), onSettled: refresh }, queryClient);

  async function decide(flag: PartnerFlag, decision: FlagDecision) {
    setNotice(null);
    try {
      await resolve.mutateAsync({ flag, decision });
      setNotice(decision === 'count' ? t`${flag.client.name} counts for ${flag.partner.name}.` : t`${flag.client.name} stays without a partner.`);
    } catch (failure) {
      void showErrorAlert(failure);
    }
  }

  return (
    <section className="card" aria-labelledby="flags-title">
      <div className="chart-toolbar">
        <h2 id="flags-title" className="admin-partners-title">
          <Trans>Flagged registrations</Trans>
        </h2>
        <SegmentedControl label={t`Show`} small options={FLAG_STATES.map((s) => ({ value: s, label: i18n._(FLAG_STATE_LABELS[s]) }))} value={state} onChange={setState} />
      </div>
      <p className="field-hint admin-partners-lead">
        <Trans>Registrations through a partner's link from an address or device the partner used recently. They count for the partner only when you say so.</Trans>
      </p>
      <Notice text={notice} />
      {flags.isError && !flags.data ? (
        <LoadError onRetry={() => void flags.refetch()} retrying={flags.isFetching} className="money-error card-error">
          <Trans>The flagged registrations could not be loaded.</Trans>
        </LoadError>
      ) : !flags.data ? (
        <LoadingState />
      ) : flags.data.length === 0 ? (
        <div className="admin-partners-pad">
          <EmptyState icon={<InboxIcon />} title={state === 'open' ? t`Nothing is waiting` : t`None here yet`} />
        </div>
      ) : (
        <ul className="admin-partners-list">
          {flags.data.map((flag) => (
            <li key={flag.id} className="admin-application">
              <div className="admin-application-main">
                <strong>
                  {flag.client.name} → {flag.partner.name}
                </strong>
                <span className="cell-sub">
                  {flag.client.email} · {flag.link.campaign}
                </span>
                <span className="cell-sub">
                  {i18n._(FLAG_REASON_LABELS[flag.reason])}: <span className="mono">{flag.matched}</span>
                </span>
                <span className="cell-sub">{i18n.date(new Date(flag.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</span>
              </div>
              <div className="admin-application-actions">
                {flag.state === 'open' ? (
                  <>
                    <button type="button" className="btn btn-secondary btn-sm" disabled={resolve.isPending} onClick={() => void decide(flag, 'count')} aria-label={t`Count ${flag.client.name} for ${flag.partner.name}`}>
                      <Trans>Count</Trans>
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" disabled={resolve.isPending} onClick={() => void decide(flag, 'dismiss')} aria-label={t`Dismiss the flag on ${flag.client.name}`}>
                      <Trans>Dismiss</Trans>
                    </button>
                  </>
                ) : (
                  <StatusBadge tone={flag.state === 'counted' ? 'success' : 'neutral'}>{i18n._(FLAG_STATE_LABELS[flag.state])}</StatusBadge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Partner withdrawals waiting for staff: pay out, or reject with the reason the partner reads (the money goes back to the wallet). */
function Withdrawals() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const payouts = useQuery(partnerWithdrawalsQuery(), queryClient);
  const [notice, setNotice] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<StaffPartnerPayout | null>(null);
  const approve = useMutation({ mutationFn: (id: number) => decidePartnerWithdrawal(id, 'approve'), onSettled: refresh }, queryClient);

  async function payOut(payout: StaffPartnerPayout) {
    setNotice(null);
    try {
      await approve.mutateAsync(payout.id);
      setNotice(t`Withdrawal ${payout.reference} paid out.`);
    } catch (failure) {
      void showErrorAlert(failure);
    }
  }

  return (
    <section className="card" aria-labelledby="withdrawals-title">
      <div className="chart-toolbar">
        <h2 id="withdrawals-title" className="admin-partners-title">
          <Trans>Partner withdrawals</Trans>
        </h2>
      </div>
      <Notice text={notice} />
      {rejecting ? (
        <ReasonDialog
          title={t`Reject withdrawal ${rejecting.reference}?`}
          lead={t`The amount goes back to the partner wallet; the partner reads your reason.`}
          action={t`Reject withdrawal`}
          onSubmit={(reason) => decidePartnerWithdrawal(rejecting.id, 'reject', reason)}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setNotice(t`Withdrawal ${rejecting.reference} rejected.`);
            setRejecting(null);
            void refresh();
          }}
        />
      ) : null}
      {payouts.isError && !payouts.data ? (
        <LoadError onRetry={() => void payouts.refetch()} retrying={payouts.isFetching} className="money-error card-error">
          <Trans>The withdrawals could not be loaded.</Trans>
        </LoadError>
      ) : !payouts.data ? (
        <LoadingState />
      ) : payouts.data.length === 0 ? (
        <div className="admin-partners-pad">
          <EmptyState icon={<InboxIcon />} title={t`Nothing is waiting`} />
        </div>
      ) : (
        <ul className="admin-partners-list">
          {payouts.data.map((payout) => (
            <li key={payout.id} className="admin-application">
              <div className="admin-application-main">
                <strong>
                  {payout.partner.name} · {formatMoney(payout.amount, payout.currency, payout.precision, lang)}
                </strong>
                <span className="cell-sub">{payout.partner.email}</span>
                <span className="cell-sub mono">{payout.reference}</span>
                <span className="cell-sub">{i18n.date(new Date(payout.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</span>
              </div>
              <div className="admin-application-actions">
                <button type="button" className="btn btn-primary btn-sm" disabled={approve.isPending} onClick={() => void payOut(payout)} aria-label={t`Pay out ${payout.reference}`}>
                  <Trans>Pay out</Trans>
                </button>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRejecting(payout)} aria-label={t`Reject ${payout.reference}`}>
                  <Trans>Reject</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
