import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { queryClient } from '../../data/query-client';
import { errorStatus } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ArrowLeftIcon } from '../../ui/icons/ArrowLeftIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { appropriatenessQuery } from './api/fetch-appropriateness';
import { offeringQuery } from './api/fetch-offering';
import { ApplicationPanel, Fact } from './ApplicationPanel';
import { AppropriatenessTest } from './AppropriatenessTest';
import { ProspectusLink } from './ProspectusLink';
import { OFFERING_STATE_LABELS, OFFERING_STATE_TONES } from './ipo-labels';
import { localDate, localTime, offeringMoney, priceRange, shareCount } from './ipo-format';
import './ipo.css';

/** One offering: its documents, range and dates, the risk disclosure, and the client's application. */
export function OfferingScreen() {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { id } = useParams({ from: '/$lang/_auth/ipo/$id' });
  const view = useQuery(offeringQuery(Number(id) || 0, lang), queryClient);
  const test = useQuery(appropriatenessQuery(), queryClient);
  usePageTitle(view.data ? view.data.offering.company : t`IPO`);

  const back = (
    <p className="ipo-back">
      <Link to="/$lang/ipo" params={{ lang }}>
        <ArrowLeftIcon size={16} /> <Trans>All offerings</Trans>
      </Link>
    </p>
  );
  if (view.isPending) return <LoadingState />;
  if (view.isError) {
    return errorStatus(view.error) === 404 ? (
      <>
        {back}
        <EmptyState icon={null} title={t`This offering does not exist`} />
      </>
    ) : (
      <LoadError onRetry={() => void view.refetch()} retrying={view.isFetching}>
        <Trans>The offering could not be loaded.</Trans>
      </LoadError>
    );
  }
  const { offering, application } = view.data;
  const windowOpen = offering.state === 'open' && Date.parse(offering.closes_at) > Date.now();
  const needsTest = windowOpen && !application && test.data && test.data.passed !== true;
  const lockup = t`${offering.lockup_days} days, until ${localDate(i18n, offering.lockup_ends_at)}`;

  return (
    <>
      {back}
      <PageHeader eyebrow={offering.ticker} title={offering.company} />
      <div className="ipo-badges" style={{ marginBottom: 'var(--space-5)' }}>
        <StatusBadge tone={OFFERING_STATE_TONES[offering.state]}>{i18n._(OFFERING_STATE_LABELS[offering.state])}</StatusBadge>
      </div>
      <div className="ipo-layout">
        <div style={{ display: 'grid', gap: 'var(--space-5)' }}>
          <section className="ipo-panel card" aria-labelledby="ipo-terms">
            <h2 id="ipo-terms">
              <Trans>Terms</Trans>
            </h2>
            <dl className="ipo-facts">
              <Fact label={t`Price range`} value={priceRange(offering, lang)} />
              {offering.final_price !== null ? <Fact label={t`Final price`} value={offeringMoney(offering, offering.final_price, lang)} /> : null}
              <Fact label={t`Shares offered`} value={shareCount(i18n, offering.shares_offered)} />
              <Fact label={t`Application`} value={t`${offeringMoney(offering, offering.min_application, lang)} to ${offeringMoney(offering, offering.max_application, lang)}`} />
              <Fact label={t`Window opens`} value={localTime(i18n, offering.opens_at)} />
              <Fact label={t`Window closes`} value={localTime(i18n, offering.closes_at)} />
              <Fact label={t`Expected allocation`} value={localDate(i18n, offering.allocation_at)} />
              <Fact label={t`Lock-up`} value={lockup} />
              <Fact label={t`Allocation rule`} value={t`Pro-rata if demand exceeds the shares offered: whole shares, rounded down; the shares left go one each to the largest remainders.`} />
            </dl>
          </section>
          <section className="ipo-panel card" aria-labelledby="ipo-about">
            <h2 id="ipo-about">
              <Trans>About the offering</Trans>
            </h2>
            <p className="ipo-text">{offering.description}</p>
            <h3>
              <Trans>Risks</Trans>
            </h3>
            <p className="ipo-text ipo-risk">{offering.risk}</p>
            <h3>
              <Trans>Documents</Trans>
            </h3>
            <ProspectusLink offering={offering} />
          </section>
        </div>
        <div>{needsTest && test.data ? <AppropriatenessTest result={test.data} /> : <ApplicationPanel offering={offering} application={application} />}</div>
      </div>
    </>
  );
}
