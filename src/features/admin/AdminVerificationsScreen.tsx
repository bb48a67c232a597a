import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminVerification, DocumentStatus } from '../../../contract/verification';
import { intlLocale } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ShieldIcon } from '../../ui/icons/ShieldIcon';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatBytes, KIND_LABELS, STATUS_LABELS, STATUS_TONES, verificationQueueQuery } from '../verification';
import '../verification/verification.css';
import './admin-verifications.css';
import { DocumentPreview } from './DocumentPreview';
import { ReviewActions } from './ReviewActions';
import { identityDocumentSnapshot, selectAwaitsReview } from '../../../machines/identity-document/identity-document.selectors';

type Filter = DocumentStatus | 'all';

/** Administration → Verifications: the review queue of identity documents, pending first. */
export function AdminVerificationsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Verifications`);
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>('pending');
  const query = useQuery(verificationQueueQuery(filter), queryClient);
  const items = query.data ?? null;
  const failed = query.isError;
  const reload = () => query.refetch();

  return (
    <div className="verification-stack">
      <div className="queue-toolbar">
        <p className="field-hint" aria-live="polite">
          {items ? <Plural value={items.length} one="# document shown" other="# documents shown" /> : null}
        </p>
        <div className="queue-filter">
          <label className="field-label" htmlFor={filterId}>
            <Trans>Show</Trans>
          </label>
          <select id={filterId} className="select" value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            <option value="pending">{t`Pending review`}</option>
            <option value="approved">{t`Approved`}</option>
            <option value="rejected">{t`Rejected`}</option>
            <option value="all">{t`All documents`}</option>
          </select>
        </div>
      </div>
      {failed ? (
        <div className="banner banner-error" role="alert">
          <Trans>The queue could not be loaded. Reload the page to try again.</Trans>
        </div>
      ) : items === null ? (
        <LoadingState />
      ) : items.length === 0 ? (
        <EmptyState icon={<ShieldIcon />} title={filter === 'pending' ? t`Nothing waiting for review` : t`No documents here`}>
          <p>
            <Trans>Documents that clients upload in their verification settings appear here.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="queue-list" aria-label={t`Documents`}>
          {items.map((item) => (
            <QueueItem key={item.id} item={item} onReviewed={() => void reload()} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueItem({ item, onReviewed }: { item: AdminVerification; onReviewed: () => void }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const name = `${item.user.first_name} ${item.user.second_name}`.trim();
  const kind = i18n._(KIND_LABELS[item.kind]);
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const titleId = `queue-${item.id}`;

  return (
    <li className="card queue-item" aria-labelledby={titleId}>
      <div className="queue-head">
        <div>
          <h2 id={titleId} className="document-title">
            {kind}: {name}
          </h2>
          <p className="document-meta">{item.user.email}</p>
        </div>
        <StatusBadge tone={STATUS_TONES[item.status]}>{i18n._(STATUS_LABELS[item.status])}</StatusBadge>
      </div>
      <dl className="queue-facts">
        <div>
          <dt className="stat-label">
            <Trans>Sent</Trans>
          </dt>
          <dd>{date(item.submitted_at)}</dd>
        </div>
        <div>
          <dt className="stat-label">
            <Trans>File</Trans>
          </dt>
          <dd className="queue-file">
            {item.file_name} · {formatBytes(item.size, intlLocale(lang))}
          </dd>
        </div>
        {item.reviewed_at ? (
          <div>
            <dt className="stat-label">
              <Trans>Reviewed</Trans>
            </dt>
            <dd>{date(item.reviewed_at)}</dd>
          </div>
        ) : null}
        {item.rejection_reason ? (
          <div className="queue-reason">
            <dt className="stat-label">
              <Trans>Reason</Trans>
            </dt>
            <dd>{item.rejection_reason}</dd>
          </div>
        ) : null}
      </dl>
      <DocumentPreview document={item} />
      {selectAwaitsReview(identityDocumentSnapshot(item.state)) ? <ReviewActions document={item} onReviewed={onReviewed} /> : null}
    </li>
  );
}
