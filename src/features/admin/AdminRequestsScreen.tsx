import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { LedgerStatus, WalletRequest } from '../../../contract/trading';
import { showErrorAlert } from '../../lib/error-alert';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { InboxIcon } from '../../ui/icons/InboxIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { KIND_LABELS, STATE_BADGES, STATE_LABELS } from '../history';
import { decideWalletRequest } from './api/decide-wallet-request';
import { walletRequestsKeys, walletRequestsQuery } from './api/fetch-wallet-requests';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { selectStaffActions, walletRequestSnapshot } from '../../../machines/wallet-request/wallet-request.selectors';
import { RejectRequestDialog } from './RejectRequestDialog';
import { ExpectedTimeDialog } from './ExpectedTimeDialog';

const route = getRouteApi('/$lang/_auth/_admin/administration/requests');

/** Staff: live deposits and withdrawals waiting for a decision, and the ones decided. */
export function AdminRequestsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Requests`);
  const { status = 'pending', page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: { status?: LedgerStatus; page?: number }) =>
    void navigate({ search: (s) => ({ ...s, ...next, page: next.page === 1 ? undefined : next.page }) });
  const [notice, setNotice] = useState<string | null>(null);
  const requests = useQuery({ ...walletRequestsQuery(status, page), placeholderData: keepPreviousData }, queryClient);
  const decision = useMutation(
    {
      mutationFn: decideWalletRequest,
      onSettled: () => queryClient.invalidateQueries({ queryKey: walletRequestsKeys.all }),
    },
    queryClient,
  );
  const deciding = decision.isPending ? decision.variables.id : null;
  const meta = requests.data?.meta;

  const [rejecting, setRejecting] = useState<WalletRequest | null>(null);
  const [reviewing, setReviewing] = useState<WalletRequest | null>(null);

  async function decide(request: WalletRequest, choice: StaffAction) {
    setNotice(null);
    // Rejecting needs the reason the client will read: the dialog asks for it and sends it.
    if (choice === 'reject') return setRejecting(request);
    // Review asks when the client may expect the decision.
    if (choice === 'review') return setReviewing(request);
    try {
      const decided = await decision.mutateAsync({ id: request.id, decision: 'approve' });
      setNotice(t`Request ${decided.reference} approved.`);
    } catch (failure) {
      // No form to show it in: the seed's generic error alert, with the server's own text (a 409 says it moved on).
      void showErrorAlert(failure);
    }
  }

  function rejected(request: WalletRequest) {
    setRejecting(null);
    setNotice(t`Request ${request.reference} rejected.`);
    void queryClient.invalidateQueries({ queryKey: walletRequestsKeys.all });
  }

  const tabs: Array<[LedgerStatus, string]> = [
    ['pending', t`Waiting`],
    ['completed', t`Approved`],
    ['rejected', t`Rejected`],
  ];

  return (
    <section className="card" aria-labelledby="requests-title">
      <div className="chart-toolbar" style={{ alignItems: 'center' }}>
        <h2 id="requests-title" style={{ fontSize: 'var(--text-lg)' }}>
          <Trans>Deposit and withdrawal requests</Trans>
        </h2>
        <SegmentedControl
          label={t`Show`}
          options={tabs.map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={(value) => show({ status: value, page: 1 })}
        />
      </div>
      <div style={{ padding: notice ? 'var(--space-4) var(--space-5) 0' : 0 }}>
        {notice ? (
          <div className="banner banner-success" role="status">
            <span>{notice}</span>
          </div>
        ) : null}
      </div>
      {rejecting ? <RejectRequestDialog request={rejecting} onClose={() => setRejecting(null)} onRejected={rejected} /> : null}
      {reviewing ? (
        <ExpectedTimeDialog
          title={t`Review request ${reviewing.reference}`}
          current={reviewing.expected_at}
          onSubmit={(expectedAt) => decideWalletRequest({ id: reviewing.id, decision: 'review', expected_at: expectedAt })}
          onClose={() => setReviewing(null)}
          onDone={(output) => {
            setReviewing(null);
            setNotice(t`Request ${(output as WalletRequest).reference} is under review.`);
            void queryClient.invalidateQueries({ queryKey: walletRequestsKeys.all });
          }}
        />
      ) : null}
      {requests.isError ? (
        <LoadError onRetry={() => void requests.refetch()} retrying={requests.isFetching} className="money-error card-error">
          <Trans>The requests could not be loaded.</Trans>
        </LoadError>
      ) : requests.isPending ? (
        <LoadingState />
      ) : requests.data && requests.data.data.length > 0 ? (
        <>
          <RequestsTable rows={requests.data.data} deciding={deciding} onDecide={decide} />
          <div className="table-footer">
            <span>
              <Plural value={meta?.total ?? 0} one="# request" other="# requests" />
            </span>
            {meta ? <Pager page={meta.current_page} lastPage={meta.last_page} onPage={(next) => show({ page: next })} /> : null}
          </div>
        </>
      ) : (
        <div style={{ padding: 'var(--space-5)' }}>
          <EmptyState icon={<InboxIcon />} title={status === 'pending' ? t`Nothing is waiting` : t`No requests here yet`}>
            <p>
              <Trans>Live deposits and withdrawals that clients request appear here for a decision.</Trans>
            </p>
          </EmptyState>
        </div>
      )}
    </section>
  );
}

function RequestsTable({
  rows,
  deciding,
  onDecide,
}: {
  rows: WalletRequest[];
  deciding: number | null;
  onDecide: (row: WalletRequest, decision: StaffAction) => void;
}) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  return (
    <div className="table-wrap">
      <table className="data-table requests-table">
        <thead>
          <tr>
            <th scope="col">{t`Requested`}</th>
            <th scope="col">{t`Client`}</th>
            <th scope="col">{t`Account`}</th>
            <th scope="col">{t`Operation`}</th>
            <th scope="col" className="num">
              {t`Amount`}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t`Decision`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="c-date">
                {i18n.date(new Date(row.created_at), { dateStyle: 'medium', timeStyle: 'short' })}
                <span className="cell-sub mono">{row.reference}</span>
              </td>
              <td className="c-client">
                {row.client.name}
                <span className="cell-sub">{row.client.email}</span>
              </td>
              <td className="mono c-account">{row.account_number}</td>
              <td className="c-op">{t(KIND_LABELS[row.kind])}</td>
              <td className="num c-amount">{formatMoney(Math.abs(row.amount), row.currency, row.precision, lang)}</td>
              <td className="c-decision">
                <RequestActions row={row} deciding={deciding} onDecide={onDecide} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type StaffAction = 'approve' | 'reject' | 'review';

/** Only the steps the request's machine allows in its state (the server decides again: 409 when it moved on). */
function RequestActions({ row, deciding, onDecide }: { row: WalletRequest; deciding: number | null; onDecide: (row: WalletRequest, decision: StaffAction) => void }) {
  const { t } = useLingui();
  if (row.state === null) return null;
  const actions = selectStaffActions(walletRequestSnapshot(row.state));
  const label = t(STATE_LABELS[row.state]);
  if (!actions.approve && !actions.reject) return <span className={`badge badge-${STATE_BADGES[row.state]}`}>{label}</span>;
  return (
    <div className="row-actions">
      {row.state === 'under_review' ? <span className="badge badge-pending">{label}</span> : null}
      {actions.review ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={deciding !== null}
          onClick={() => onDecide(row, 'review')}
          aria-label={row.state === 'submitted' ? t`Take ${row.reference} into review` : t`Change the expected time of ${row.reference}`}
        >
          {row.state === 'submitted' ? <Trans>Review…</Trans> : <Trans>Expected time…</Trans>}
        </button>
      ) : null}
      {actions.approve ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={deciding !== null}
          aria-busy={deciding === row.id}
          onClick={() => onDecide(row, 'approve')}
          aria-label={t`Approve ${row.reference}`}
        >
          <Trans>Approve</Trans>
        </button>
      ) : null}
      {actions.reject ? (
        <button type="button" className="btn btn-secondary btn-sm" disabled={deciding !== null} onClick={() => onDecide(row, 'reject')} aria-label={t`Reject ${row.reference}`}>
          <Trans>Reject…</Trans>
        </button>
      ) : null}
    </div>
  );
}
