import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ServiceRequestStatus } from '../../../contract/services';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { Skeleton } from '../../ui/Skeleton';
import { serviceRequestsQuery } from './api/service-requests';
import './services.css';
import { LoadError } from '../../ui/LoadError';

/**
 * The client's service requests, newest first. Used on the services screen and meant for the
 * history screen as well (`<ServiceRequestsList />`, no props).
 */
export function ServiceRequestsList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const query = useQuery(serviceRequestsQuery(lang), queryClient);
  const Heading = `h${headingLevel}` as const;
  const statusLabel = (status: ServiceRequestStatus) =>
    ({ received: t`Received`, in_progress: t`In progress`, done: t`Done` })[status];

  return (
    <section aria-labelledby="service-requests-title" className="service-requests">
      <Heading id="service-requests-title" className="section-title">
        <Trans>Your requests</Trans>
      </Heading>
      {query.isPending ? (
        <div aria-busy="true" className="card request-list">
          <span className="visually-hidden" role="status">
            <Trans>Loading your requests…</Trans>
          </span>
          <Skeleton width="100%" height={56} />
          <Skeleton width="100%" height={56} />
        </div>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>
          <Trans>Your requests could not be loaded.</Trans>
        </LoadError>
      ) : query.data.length === 0 ? (
        <p className="card request-empty">
          <Trans>You have not requested any service yet.</Trans>
        </p>
      ) : (
        <ul className="card request-list" data-testid="service-requests">
          {query.data.map((item) => (
            <li key={item.id} className="request-item">
              <div className="request-main">
                <strong>{item.service.title}</strong>
                {item.note ? <p className="request-note">{item.note}</p> : null}
              </div>
              <div className="request-side">
                <span className={`status-badge status-${item.status}`}>{statusLabel(item.status)}</span>
                <time dateTime={item.created_at}>{i18n.date(new Date(item.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
