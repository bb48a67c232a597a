import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReconciliationRow } from '../../../contract/platform';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { reconciliationQuery } from './api/fetch-reconciliation';
import './admin-money.css';

/** Staff: every trading account's ledger against the platform's balance, and where they drift apart. */
export function AdminReconciliationScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Reconciliation`);
  const check = useQuery(reconciliationQuery(), queryClient);
  const data = check.data;

  return (
    <section className="card" aria-labelledby="reconciliation-title" aria-busy={check.isFetching}>
      <div className="chart-toolbar admin-toolbar">
        <div>
          <h2 id="reconciliation-title" className="admin-card-title">
            <Trans>Ledger and platform</Trans>
          </h2>
          {data ? (
            <p className="field-hint">
              <Plural value={data.accounts} one="# account checked" other="# accounts checked" />
              {' · '}
              <time dateTime={data.checked_at}>{i18n.date(new Date(data.checked_at), { dateStyle: 'medium', timeStyle: 'medium' })}</time>
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => void check.refetch()} disabled={check.isFetching} aria-busy={check.isFetching}>
          {check.isFetching ? <span className="spinner" aria-hidden="true" /> : null}
          <Trans>Check again</Trans>
        </button>
      </div>
      {check.isError && !data ? (
        <LoadError onRetry={() => void check.refetch()} retrying={check.isFetching} className="money-error card-error">
          <Trans>The reconciliation could not be run.</Trans>
        </LoadError>
      ) : !data ? (
        <LoadingState />
      ) : data.drifted.length === 0 ? (
        <div className="admin-empty">
          <EmptyState icon={<ShieldIcon />} title={t`All accounts are in step`}>
            <p>
              <Trans>Every account's completed ledger entries add up to what the platform holds for it.</Trans>
            </p>
          </EmptyState>
        </div>
      ) : (
        <>
          <p className="banner banner-warning admin-banner" role="status">
            <Plural
              value={data.drifted.length}
              one="# account differs from the platform. Check its ledger entries and the platform's deals."
              other="# accounts differ from the platform. Check their ledger entries and the platform's deals."
            />
          </p>
          <DriftTable rows={data.drifted} />
        </>
      )}
    </section>
  );
}

function DriftTable({ rows }: { rows: ReconciliationRow[] }) {
  const { t } = useLingui();
  const lang = useLang();
  return (
    <div className="table-wrap">
      <table className="data-table drift-table">
        <caption className="visually-hidden">{t`Accounts whose ledger and platform balances differ`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Account`}</th>
            <th scope="col">{t`Client`}</th>
            <th scope="col" className="num">
              {t`Ledger`}
            </th>
            <th scope="col" className="num">
              {t`Platform`}
            </th>
            <th scope="col" className="num">
              {t`Drift`}
            </th>
            <th scope="col" className="num">
              {t`Entries without a deal`}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const money = (minor: number, sign = false) => formatMoney(minor, row.currency, row.precision, lang, { sign });
            return (
              <tr key={row.account_id}>
                <th scope="row" className="mono c-login">
                  {row.login}
                </th>
                <td className="c-client">
                  {row.client.name}
                  <span className="cell-sub">{row.client.email}</span>
                </td>
                <td className="num c-ledger" data-label={t`Ledger`}>
                  {money(row.ledger_balance)}
                </td>
                <td className="num c-platform" data-label={t`Platform`}>
                  {money(row.platform_balance)}
                </td>
                <td className="num c-drift drift-value" data-label={t`Drift`}>
                  {money(row.drift, true)}
                </td>
                <td className="num c-missing" data-label={t`Entries without a deal`}>
                  {row.missing_tickets}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
