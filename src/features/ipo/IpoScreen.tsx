import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { IpoOfferingView } from '../../../contract/ipo';
import { ipoOfferingSnapshot, selectIpoPhase } from '../../../machines/ipo-offering/ipo-offering.selectors';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ChartIcon } from '../../ui/icons/ChartIcon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusBadge } from '../../ui/StatusBadge';
import { offeringsQuery } from './api/fetch-offerings';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUS_TONES, OFFERING_STATE_LABELS, OFFERING_STATE_TONES } from './ipo-labels';
import { localTime, priceRange } from './ipo-format';
import './ipo.css';

/** The seed's IPO view: offerings open now, upcoming and past, each with the client's application. */
export function IpoScreen() {
  const { t } = useLingui();
  usePageTitle(t`IPO`);
  const lang = useLang();
  const offerings = useQuery(offeringsQuery(lang), queryClient);
  const phase = (view: IpoOfferingView) => selectIpoPhase(ipoOfferingSnapshot(view.offering.state));
  const groups = [
    { id: 'open', title: t`Open for applications`, items: offerings.data?.filter((v) => phase(v) === 'open') ?? [] },
    { id: 'upcoming', title: t`Upcoming`, items: offerings.data?.filter((v) => phase(v) === 'upcoming') ?? [] },
    { id: 'past', title: t`Past offerings`, items: offerings.data?.filter((v) => phase(v) === 'past') ?? [] },
  ];

  return (
    <>
      <PageHeader
        eyebrow={t`Client area`}
        title={t`IPO`}
        lead={t`Subscribe to new share offerings. Your application is held on your account, not spent, until the shares are allocated.`}
      />
      <QueryState query={offerings} error={<Trans>The offerings could not be loaded.</Trans>}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<ChartIcon />} title={t`No offerings yet`}>
              <p>
                <Trans>New offerings appear here as soon as they are announced.</Trans>
              </p>
            </EmptyState>
          ) : (
            groups.map((group) =>
              group.items.length === 0 ? null : (
                <section key={group.id} aria-labelledby={`ipo-${group.id}`} className="ipo-group">
                  <h2 id={`ipo-${group.id}`} className="section-title">
                    {group.title}
                  </h2>
                  <ul className="ipo-cards">
                    {group.items.map((view) => (
                      <OfferingCard key={view.offering.id} view={view} />
                    ))}
                  </ul>
                </section>
              ),
            )
          )
        }
      </QueryState>
    </>
  );
}

function OfferingCard({ view: { offering, application } }: { view: IpoOfferingView }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const opens = localTime(i18n, offering.opens_at);
  const closes = localTime(i18n, offering.closes_at);
  return (
    <li className="card ipo-card">
      <div className="ipo-card-head">
        <Link to="/$lang/ipo/$id" params={{ lang, id: String(offering.id) }} className="ipo-card-title">
          {offering.company}
        </Link>
        <span className="ipo-ticker">{offering.ticker}</span>
      </div>
      <div className="ipo-badges">
        <StatusBadge tone={OFFERING_STATE_TONES[offering.state]}>{i18n._(OFFERING_STATE_LABELS[offering.state])}</StatusBadge>
        {application ? <StatusBadge tone={APPLICATION_STATUS_TONES[application.status]}>{i18n._(APPLICATION_STATUS_LABELS[application.status])}</StatusBadge> : null}
      </div>
      <dl className="ipo-facts">
        <div>
          <dt>
            <Trans>Price range</Trans>
          </dt>
          <dd>{priceRange(offering, lang)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Subscription window</Trans>
          </dt>
          <dd>{t`${opens} to ${closes}`}</dd>
        </div>
      </dl>
    </li>
  );
}
