import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { UsersIcon } from '../../ui/icons/UsersIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { formatPercent } from '../../ui/money/percent';
import { partnerMeQuery, subPartnersQuery } from './api/partner-queries';
import { bpsToPercent, formatCount } from './investor-format';

/** The second level: how to recruit sub-partners, and what each one earned and brought the partner. */
export function SubPartnersScreen() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const me = useQuery(partnerMeQuery(), queryClient);
  const subs = useQuery(subPartnersQuery(), queryClient);
  const plan = me.data?.partner?.plan;
  const money = (minor: number) => (plan ? formatMoney(minor, plan.currency, plan.precision, lang) : '');
  const share = plan ? formatPercent(bpsToPercent(plan.second_level_bps), lang) : '';

  return (
    <div className="investor-stack">
      <section className="card investor-note" aria-labelledby="recruit-title">
        <h2 id="recruit-title" className="investor-card-title">
          <Trans>Recruit sub-partners</Trans>
        </h2>
        <p>
          <Trans>
            Share any of your links with people who can bring clients themselves. When someone who registered through your link joins the program,
            they become your sub-partner, and you earn {share} of every reward they earn, on top of your own.
          </Trans>
        </p>
      </section>
      <section className="card" aria-labelledby="subs-title">
        <h2 id="subs-title" className="card-title">
          <Trans>Your sub-partners</Trans>
        </h2>
        {subs.isError && !subs.data ? (
          <LoadError onRetry={() => void subs.refetch()} retrying={subs.isFetching} className="money-error card-error">
            <Trans>Your sub-partners could not be loaded.</Trans>
          </LoadError>
        ) : !subs.data ? (
          <LoadingState />
        ) : subs.data.length === 0 ? (
          <div className="investor-pad">
            <EmptyState icon={<UsersIcon />} title={t`No sub-partners yet`} />
          </div>
        ) : (
          <div className="table-wrap">
            <table className="data-table investor-table">
              <thead>
                <tr>
                  <th scope="col">{t`Sub-partner`}</th>
                  <th scope="col">{t`Partner since`}</th>
                  <th scope="col" className="num">
                    {t`Clients`}
                  </th>
                  <th scope="col" className="num">
                    {t`Their rewards`}
                  </th>
                  <th scope="col" className="num">
                    {t`Your share`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {subs.data.map((sub) => (
                  <tr key={sub.id}>
                    <th scope="row">{sub.name}</th>
                    <td data-label={t`Partner since`}>{i18n.date(new Date(sub.since), { dateStyle: 'medium' })}</td>
                    <td className="num" data-label={t`Clients`}>
                      {formatCount(sub.clients, lang)}
                    </td>
                    <td className="num" data-label={t`Their rewards`}>
                      {money(sub.their_rewards)}
                    </td>
                    <td className="num amount" data-label={t`Your share`}>
                      {money(sub.my_share)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
