import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TradingAccount } from '../../../contract/trading';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { WalletIcon } from '../../ui/icons/WalletIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { accountKeys, accountsQuery } from '../accounts';
import { historyKeys } from '../history';
import { WalletForm } from './WalletForm';

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
