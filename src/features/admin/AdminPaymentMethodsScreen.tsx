import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PaymentMethod } from '../../../contract/payments';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { WalletIcon } from '../../ui/icons/WalletIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { DIRECTION_LABELS, etaText, PAYMENT_KIND_LABELS, paymentMethodsKeys, usePaymentFacts } from '../wallet';
import { adminPaymentMethodsKeys, adminPaymentMethodsQuery } from './api/fetch-admin-payment-methods';
import { PaymentMethodDialog } from './PaymentMethodDialog';
import './admin-money.css';

/** Staff: the payment-method catalogue per currency: what clients see before they confirm a deposit or withdrawal. */
export function AdminPaymentMethodsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Payment methods`);
  const methods = useQuery(adminPaymentMethodsQuery(), queryClient);
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const list = methods.data ?? [];
  const byCurrency = new Map<string, PaymentMethod[]>();
  for (const method of list) byCurrency.set(method.currency, [...(byCurrency.get(method.currency) ?? []), method]);
  const currencies = [...byCurrency.keys()].sort();

  const open = (target: PaymentMethod | 'new', from: HTMLElement) => {
    opener.current = from;
    setNotice(null);
    setEditing(target);
  };
  const saved = (method: PaymentMethod) => {
    setNotice(editing === 'new' ? t`${method.name} (${method.currency}) added.` : t`${method.name} (${method.currency}) saved.`);
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: adminPaymentMethodsKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentMethodsKeys.all });
  };

  return (
    <section className="card" aria-labelledby="methods-title">
      <div className="chart-toolbar admin-toolbar">
        <div>
          <h2 id="methods-title" className="admin-card-title">
            <Trans>Payment methods</Trans>
          </h2>
          <p className="field-hint">
            <Trans>Clients see the enabled methods of their account's currency, with the fee, limits and time, before they confirm.</Trans>
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={(event) => open('new', event.currentTarget)}>
          <PlusIcon size={18} />
          <Trans>Add method</Trans>
        </button>
      </div>
      {notice ? (
        <div className="admin-banner banner banner-success" role="status">
          <span>{notice}</span>
        </div>
      ) : null}
      {methods.isError && !methods.data ? (
        <LoadError onRetry={() => void methods.refetch()} retrying={methods.isFetching} className="money-error card-error">
          <Trans>The payment methods could not be loaded.</Trans>
        </LoadError>
      ) : methods.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <div className="admin-empty">
          <EmptyState icon={<WalletIcon />} title={t`No payment methods yet`}>
            <p>
              <Trans>Add a method for each currency clients deposit and withdraw in.</Trans>
            </p>
          </EmptyState>
        </div>
      ) : (
        currencies.map((currency) => (
          <CurrencyMethods key={currency} currency={currency} methods={byCurrency.get(currency) ?? []} onEdit={(method, from) => open(method, from)} />
        ))
      )}
      {editing ? (
        <PaymentMethodDialog
          method={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            opener.current?.focus();
          }}
          onSaved={saved}
        />
      ) : null}
    </section>
  );
}

function CurrencyMethods({ currency, methods, onEdit }: { currency: string; methods: PaymentMethod[]; onEdit: (method: PaymentMethod, from: HTMLElement) => void }) {
  const { t } = useLingui();
  const facts = usePaymentFacts();
  const headingId = `methods-${currency}`;
  return (
    <section aria-labelledby={headingId} className="methods-currency">
      <h3 id={headingId} className="methods-currency-title">
        {currency}
      </h3>
      <div className="table-wrap">
        <table className="data-table methods-table">
          <thead>
            <tr>
              <th scope="col" className="c-method">
                {t`Method`}
              </th>
              <th scope="col" className="c-directions">
                {t`Directions`}
              </th>
              <th scope="col" className="c-fee">
                {t`Fee`}
              </th>
              <th scope="col" className="c-limits">
                {t`Limits`}
              </th>
              <th scope="col" className="c-eta">
                {t`Time`}
              </th>
              <th scope="col" className="c-status">
                {t`Status`}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {methods.map((method) => (
              <tr key={method.id}>
                <th scope="row" className="c-method">
                  {method.name}
                  <span className="cell-sub">{t(PAYMENT_KIND_LABELS[method.kind])}</span>
                </th>
                <td className="c-directions">{method.directions.map((d) => t(DIRECTION_LABELS[d])).join(', ')}</td>
                <td className="c-fee">{facts.fee(method)}</td>
                <td className="c-limits">{facts.limits(method)}</td>
                <td className="c-eta">{etaText(method.eta_hours)}</td>
                <td className="c-status">
                  <span className={`badge ${method.enabled ? 'badge-completed' : 'badge-muted'}`}>{method.enabled ? t`Enabled` : t`Disabled`}</span>
                </td>
                <td className="c-edit">
                  <button type="button" className="btn btn-secondary btn-sm" onClick={(event) => onEdit(method, event.currentTarget)} aria-label={t`Edit ${method.name} (${method.currency})`}>
                    <Trans>Edit</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
