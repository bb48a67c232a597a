import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { LEDGER_KINDS, LEDGER_STATUSES, type LedgerEntry } from '../../../contract/trading';
import { queryClient } from '../../data/query-client';
import { formatMoney } from '../../../contract/money';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { SelectField } from '../../ui/choice/SelectField';
import { TextField } from '../../ui/form/TextField';
import { DownloadIcon } from '../../ui/icons/DownloadIcon';
import { HistoryIcon } from '../../ui/icons/HistoryIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { accountsQuery } from '../accounts';
import { ServiceRequestsList } from '../services';
import { exportHistory } from './api/export-history';
import { historyPageQuery, type HistoryFilters } from './api/fetch-history';
import { type HistorySearch, searchToFilters, searchToPosition } from './history-search';
import { KIND_LABELS, STATE_BADGES, STATE_LABELS, STATUS_LABELS } from './ledger-labels';
import { RequestTimeline } from './RequestTimeline';

const route = getRouteApi('/$lang/_auth/history');

/** A filter as the URL holds it: the account as a number, every blank one left out. */
const SEARCH_OF: Record<keyof HistoryFilters, (value: string) => Partial<HistorySearch>> = {
  account_id: (value) => ({ account: value ? Number(value) : undefined }),
  kind: (value) => ({ type: (value || undefined) as HistorySearch['type'] }),
  status: (value) => ({ status: (value || undefined) as HistorySearch['status'] }),
  from: (value) => ({ from: value || undefined }),
  to: (value) => ({ to: value || undefined }),
};

export function HistoryScreen() {
  const { t } = useLingui();
  usePageTitle(t`History`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const filters = searchToFilters(search);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const accounts = useQuery(accountsQuery(), queryClient);
  const history = useQuery({ ...historyPageQuery(filters, searchToPosition(search)), placeholderData: keepPreviousData }, queryClient);

  // A changed filter starts again from the first page.
  const set = (field: keyof HistoryFilters) => (value: string) =>
    void navigate({ search: (s) => ({ ...s, ...SEARCH_OF[field](value), page: undefined, cursor: undefined }) });
  const meta = history.data?.meta;
  const cursors = history.data?.cursors;
  // Pages go by the tokens of the answer (keyset); the first page is the plain address.
  const setPage = (next: number) => {
    const cursor = next === 1 ? undefined : next > (meta?.current_page ?? 1) ? cursors?.next : cursors?.previous;
    void navigate({ search: (s) => ({ ...s, page: undefined, cursor: cursor ?? undefined }) });
  };
  const filtered = Object.values(filters).some((v) => v !== '');

  async function download() {
    setExporting(true);
    setExportError(null);
    try {
      await exportHistory(filters);
    } catch {
      setExportError(t`The export failed. Please try again.`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t`History`}
        lead={t`Every deposit, withdrawal and transfer on your trading accounts.`}
        actions={
          <button type="button" className="btn btn-secondary" onClick={download} disabled={exporting} aria-busy={exporting}>
            {exporting ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon size={18} />}
            <Trans>Export CSV</Trans>
          </button>
        }
      />
      <FormBanner message={exportError} />
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="visually-hidden">
          <Trans>Operations</Trans>
        </h2>
        <div className="filters" role="search" aria-label={t`Filter operations`}>
          <SelectField label={t`Account`} name="account_id" value={filters.account_id} onValueChange={set('account_id')}>
            <option value="">{t`All accounts`}</option>
            {(accounts.data ?? []).map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.number} · {a.currency.code}
              </option>
            ))}
          </SelectField>
          <SelectField label={t`Type`} name="kind" value={filters.kind} onValueChange={set('kind')}>
            <option value="">{t`All types`}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t`Status`} name="status" value={filters.status} onValueChange={set('status')}>
            <option value="">{t`All statuses`}</option>
            {LEDGER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(STATUS_LABELS[status])}
              </option>
            ))}
          </SelectField>
          <TextField label={t`From`} name="from" type="date" value={filters.from} onValueChange={set('from')} max={filters.to || undefined} />
          <TextField label={t`To`} name="to" type="date" value={filters.to} onValueChange={set('to')} min={filters.from || undefined} />
        </div>
        {history.error ? (
          // The last load failed: operations of other filters or pages must not stand in for them.
          <LoadError onRetry={() => void history.refetch()} retrying={history.isFetching} className="money-error card-error">
            <Trans>Your operations could not be loaded.</Trans>
          </LoadError>
        ) : history.isPending ? (
          <LoadingState />
        ) : history.data && history.data.data.length > 0 ? (
          <>
            <HistoryTable entries={history.data.data} busy={history.isFetching} />
            <div className="table-footer">
              <span>
                <Plural value={meta?.total ?? 0} one="# operation" other="# operations" />
              </span>
              {meta ? (
                <Pager page={meta.current_page} lastPage={meta.last_page} onPage={setPage} hasPrevious={cursors?.previous != null} hasNext={cursors?.next != null} />
              ) : null}
            </div>
          </>
        ) : (
          <div style={{ padding: 'var(--space-5)' }}>
            <EmptyState icon={<HistoryIcon />} title={filtered ? t`Nothing matches these filters` : t`No operations yet`}>
              <p>
                {filtered ? (
                  <Trans>Try another account, type or period.</Trans>
                ) : (
                  <Trans>Deposits, withdrawals and transfers on your trading accounts will appear here.</Trans>
                )}
              </p>
            </EmptyState>
          </div>
        )}
      </section>
      <ServiceRequestsList />
    </>
  );
}

function HistoryTable({ entries, busy }: { entries: LedgerEntry[]; busy: boolean }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  // One request's timeline open at a time, under its row.
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="table-wrap">
      <table className="data-table ledger-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">{t`Date`}</th>
            <th scope="col">{t`Operation`}</th>
            <th scope="col">{t`Account`}</th>
            <th scope="col">{t`Reference`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col" className="num">
              {t`Amount`}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <Fragment key={entry.id}>
              <tr>
                <td className="c-date">{i18n.date(new Date(entry.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</td>
                <td className="c-op">
                  {t(KIND_LABELS[entry.kind])}
                  {entry.counterparty_account_number ? (
                    <span className="cell-sub">
                      {entry.kind === 'transfer_out' ? t`to ${entry.counterparty_account_number}` : t`from ${entry.counterparty_account_number}`}
                    </span>
                  ) : null}
                </td>
                <td className="mono c-account">{entry.account_number}</td>
                <td className="mono c-ref">{entry.reference}</td>
                <td className="c-status">
                  {entry.state ? (
                    <>
                      <span className={`badge badge-${STATE_BADGES[entry.state]}`}>{t(STATE_LABELS[entry.state])}</span>
                      {entry.reason && entry.state === 'rejected' ? <span className="cell-sub">{entry.reason}</span> : null}
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        aria-expanded={open === entry.id}
                        aria-controls={`timeline-${entry.id}`}
                        onClick={() => setOpen(open === entry.id ? null : entry.id)}
                        aria-label={open === entry.id ? t`Hide timeline of ${entry.reference}` : t`Timeline of ${entry.reference}`}
                      >
                        {open === entry.id ? t`Hide timeline` : t`Timeline`}
                      </button>
                    </>
                  ) : (
                    <span className={`badge badge-${entry.status}`}>{t(STATUS_LABELS[entry.status])}</span>
                  )}
                </td>
                <td className={`num c-amount${entry.amount > 0 && entry.status !== 'rejected' ? ' amount-credit' : ''}`}>
                  {formatMoney(entry.amount, entry.currency, entry.precision, lang, { sign: true })}
                </td>
              </tr>
              {open === entry.id ? (
                <tr id={`timeline-${entry.id}`} className="timeline-row">
                  <td colSpan={6}>
                    <RequestTimeline id={entry.id} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
