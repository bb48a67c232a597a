import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { UsersIcon } from '../../ui/icons/UsersIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { partnerClientsQuery } from './api/partner-queries';
import { formatLots } from './investor-format';

/** The clients attributed to the partner: who, since when, how far along, and what they brought. E-mails as the server sends them (masked unless staff allow). */
export function ClientsScreen() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const clients = useQuery(partnerClientsQuery(), queryClient);
  const data = clients.data;

  return (
    <section className="card" aria-labelledby="clients-title">
      <h2 id="clients-title" className="card-title">
        <Trans>Your clients</Trans>
      </h2>
      {clients.isError && !data ? (
        <LoadError onRetry={() => void clients.refetch()} retrying={clients.isFetching} className="money-error card-error">
          <Trans>Your clients could not be loaded.</Trans>
        </LoadError>
      ) : !data ? (
        <LoadingState />
      ) : data.clients.length === 0 ? (
        <div className="investor-pad">
          <EmptyState icon={<UsersIcon />} title={t`No clients yet`}>
            <p>
              <Trans>People who register through one of your links appear here.</Trans>
            </p>
          </EmptyState>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table investor-table clients-table">
            <thead>
              <tr>
                <th scope="col">{t`Client`}</th>
                <th scope="col">{t`Registered`}</th>
                <th scope="col">{t`Verification`}</th>
                <th scope="col">{t`Funded`}</th>
                <th scope="col" className="num">
                  {t`Volume, lots`}
                </th>
                <th scope="col" className="num">
                  {t`Rewards`}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.clients.map((client) => (
                <tr key={client.id}>
                  <th scope="row">
                    {client.name}
                    <span className="cell-sub mono">{client.email}</span>
                    {client.link ? <span className="cell-sub">{client.link.campaign}</span> : null}
                  </th>
                  <td data-label={t`Registered`}>
                    <time dateTime={client.registered_at}>{i18n.date(new Date(client.registered_at), { dateStyle: 'medium' })}</time>
                  </td>
                  <td data-label={t`Verification`}>
                    <StatusBadge tone={client.verified ? 'success' : 'neutral'}>{client.verified ? t`Verified` : t`Not verified`}</StatusBadge>
                  </td>
                  <td data-label={t`Funded`}>
                    <StatusBadge tone={client.funded ? 'success' : 'neutral'}>{client.funded ? t({ message: 'Funded', context: 'partner client' }) : t`Not funded`}</StatusBadge>
                  </td>
                  <td className="num" data-label={t`Volume, lots`}>
                    {formatLots(client.volume_lots, lang)}
                  </td>
                  <td className="num amount" data-label={t`Rewards`}>
                    {formatMoney(client.rewards, data.currency, data.precision, lang)}
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
