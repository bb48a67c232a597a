import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '../../../contract/money';
import type { Instrument, Statement } from '../../../contract/platform';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { FormBanner } from '../../ui/form/FormBanner';
import { ArrowLeftIcon } from '../../ui/icons/ArrowLeftIcon';
import { DownloadIcon } from '../../ui/icons/DownloadIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { platformQuery } from './api/fetch-platform';
import { downloadStatementCsv, statementQuery } from './api/fetch-statement';
import { DealsTable } from './DealsTable';
import { formatPercent, formatPrice, formatVolume } from './format';
import './trading.css';

const route = getRouteApi('/$lang/_auth/accounts/$login/statement');

const today = () => new Date().toISOString().slice(0, 10);

/** /{lang}/accounts/{login}/statement?from&to: a period of an account as a printable page. */
export function StatementScreen() {
  const { t } = useLingui();
  const lang = useLang();
  const { login } = route.useParams();
  const search = route.useSearch();
  const period = { from: search.from ?? `${today().slice(0, 8)}01`, to: search.to ?? today() };
  usePageTitle(t`Statement of ${login}`);
  const statement = useQuery(statementQuery(login, period), queryClient);
  const platform = useQuery(platformQuery(), queryClient);
  const [failed, setFailed] = useState(false);

  return (
    <div className="statement-page">
      <div className="statement-toolbar no-print">
        <Link to="/$lang/accounts/$login" params={{ lang, login }} className="btn btn-ghost">
          <ArrowLeftIcon size={18} />
          <Trans>Back to the account</Trans>
        </Link>
        <div className="trading-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setFailed(false);
              downloadStatementCsv(login, period).catch(() => setFailed(true));
            }}
          >
            <DownloadIcon size={18} />
            <Trans>Download CSV</Trans>
          </button>
          <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!statement.data}>
            <Trans>Print</Trans>
          </button>
        </div>
      </div>
      <div className="no-print">
        <FormBanner message={failed ? t`The statement could not be downloaded. Please try again.` : null} />
      </div>
      {statement.error ? (
        <LoadError onRetry={() => void statement.refetch()} retrying={statement.isFetching} className="money-error">
          <Trans>The statement could not be loaded.</Trans>
        </LoadError>
      ) : !statement.data ? (
        <LoadingState />
      ) : (
        <StatementDocument statement={statement.data} instruments={platform.data?.instruments ?? []} />
      )}
    </div>
  );
}

function StatementDocument({ statement: s, instruments }: { statement: Statement; instruments: Instrument[] }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const money = (minor: number, sign = false) => formatMoney(minor, s.currency, s.precision, lang, { sign });
  const day = (iso: string) => i18n.date(new Date(`${iso}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  const digits = (symbol: string) => instruments.find((i) => i.symbol === symbol)?.digits ?? 5;
  const summary: Array<[string, string]> = [
    [t`Opening balance`, money(s.opening_balance)],
    [t`Deposits`, money(s.deposits)],
    [t`Withdrawals`, money(s.withdrawals)],
    [t`Trading profit`, money(s.profit, true)],
    [t`Closing balance`, money(s.closing_balance)],
  ];
  const state: Array<[string, string]> = [
    [t`Equity`, money(s.state.equity)],
    [t`Margin`, money(s.state.margin)],
    [t`Free margin`, money(s.state.free_margin)],
    [t`Margin level`, s.state.margin_level === null ? '—' : formatPercent(s.state.margin_level, lang)],
  ];
  return (
    <article className="card statement" aria-labelledby="statement-title">
      <header className="statement-head">
        <div>
          <p className="page-eyebrow">Traderoom</p>
          <h1 id="statement-title" className="page-title">
            <Trans>Account statement</Trans>
          </h1>
          <p>
            <Trans>
              {day(s.from)} – {day(s.to)}
            </Trans>
          </p>
        </div>
        <dl className="statement-facts">
          <div>
            <dt>{t`Client`}</dt>
            <dd>{s.client}</dd>
          </div>
          <div>
            <dt>{t`Account`}</dt>
            <dd className="mono">
              {s.login}
              {s.nickname ? ` · ${s.nickname}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t`Currency`}</dt>
            <dd>{s.currency}</dd>
          </div>
          <div>
            <dt>{t`Generated`}</dt>
            <dd>{i18n.date(new Date(s.generated_at), { dateStyle: 'medium', timeStyle: 'short' })}</dd>
          </div>
        </dl>
      </header>
      <section aria-labelledby="statement-summary">
        <h2 id="statement-summary" className="statement-h2">
          <Trans>Summary</Trans>
        </h2>
        <dl className="statement-summary">
          {summary.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="amount">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="statement-deals">
        <h2 id="statement-deals" className="statement-h2">
          <Trans>Deals</Trans>
        </h2>
        {s.deals.length === 0 ? (
          <p className="positions-empty">{t`No deals in this period.`}</p>
        ) : (
          <DealsTable deals={s.deals} platform={{ instruments }} currency={s.currency} precision={s.precision} />
        )}
      </section>
      <section aria-labelledby="statement-open">
        <h2 id="statement-open" className="statement-h2">
          <Trans>Open positions</Trans>
        </h2>
        {s.open_positions.length === 0 ? (
          <p className="positions-empty">{t`No open positions.`}</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table statement-positions">
              <thead>
                <tr>
                  <th scope="col">{t`Position`}</th>
                  <th scope="col">{t`Side`}</th>
                  <th scope="col" className="num">
                    {t`Volume`}
                  </th>
                  <th scope="col" className="num">
                    {t`Open price`}
                  </th>
                  <th scope="col" className="num">
                    {t`Price`}
                  </th>
                  <th scope="col" className="num">
                    {t`Profit`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.open_positions.map((p) => (
                  <tr key={p.ticket}>
                    <td>
                      {p.symbol} <span className="cell-sub mono">#{p.ticket}</span>
                    </td>
                    <td>{p.side === 'buy' ? t`Buy` : t`Sell`}</td>
                    <td className="num">{formatVolume(p.volume, lang)}</td>
                    <td className="num">{formatPrice(p.open_price, digits(p.symbol), lang)}</td>
                    <td className="num">{formatPrice(p.current_price, digits(p.symbol), lang)}</td>
                    <td className="num">{money(p.profit, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <dl className="statement-summary">
          {state.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="amount">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
