import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { StatusBadge } from '../../ui/StatusBadge';
import { holdingsQuery } from './api/fetch-holdings';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUS_TONES } from './ipo-labels';
import { localDate, offeringMoney, shareCount } from './ipo-format';
import './ipo.css';

/** Home's IPO holdings: money held for applications, and allocated shares until the listing. Nothing when there are none. */
export function IpoHoldings() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const holdings = useQuery(holdingsQuery(lang), queryClient);
  if (!holdings.data || holdings.data.length === 0) return null;
  return (
    <section aria-labelledby="ipo-holdings-title" style={{ marginTop: 'var(--space-6)' }}>
      <h2 id="ipo-holdings-title" className="section-title">
        <Trans>IPO holdings</Trans>
      </h2>
      <ul className="ipo-cards">
        {holdings.data.map(({ offering, application }) => (
          <li key={application.id} className="card ipo-card">
            <div className="ipo-card-head">
              <Link to="/$lang/ipo/$id" params={{ lang, id: String(offering.id) }} className="ipo-card-title">
                {offering.company}
              </Link>
              <span className="ipo-ticker">{offering.ticker}</span>
            </div>
            <div className="ipo-badges">
              <StatusBadge tone={APPLICATION_STATUS_TONES[application.status]}>{i18n._(APPLICATION_STATUS_LABELS[application.status])}</StatusBadge>
            </div>
            <p style={{ margin: 0 }}>
              {application.status === 'allocated'
                ? t`${shareCount(i18n, application.allocated_shares ?? 0)} shares at ${offeringMoney(offering, offering.final_price ?? 0, lang)} · lock-up until ${localDate(i18n, offering.lockup_ends_at)}`
                : t`${offeringMoney(offering, application.held, lang)} held on account ${application.account_number}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
