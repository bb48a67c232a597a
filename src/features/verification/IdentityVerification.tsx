import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { VerificationKindState } from '../../../contract/verification';
import { queryClient } from '../../data/query-client';
import { LoadingState } from '../../ui/LoadingState';
import { StatusBadge } from '../../ui/StatusBadge';
import { verificationQuery } from './api/fetch-verification';
import { KIND_HINTS, KIND_LABELS, STATUS_LABELS, STATUS_TONES } from './document-labels';
import { DocumentTimeline } from './DocumentTimeline';
import { DocumentUpload } from './DocumentUpload';
import './verification.css';

/** Settings → Verification: the identity document and the proof of address, each with its review state. */
export function IdentityVerification() {
  const { t } = useLingui();
  const query = useQuery(verificationQuery(), queryClient);
  const overview = query.data ?? null;
  const failed = query.isError;
  const reload = () => query.refetch();

  return (
    <section className="card" aria-labelledby="identity-title">
      <div className="card-body verification-card">
        <header className="verification-header">
          <div>
            <h2 id="identity-title" className="section-title">
              <Trans>Identity verification</Trans>
            </h2>
            <p className="field-hint">
              <Trans>We are required to confirm who you are before you trade. Our team reviews each document, usually within one business day.</Trans>
            </p>
          </div>
          {overview ? (
            <StatusBadge tone={overview.verified ? 'success' : 'neutral'}>{overview.verified ? t`Verified` : t`Not verified yet`}</StatusBadge>
          ) : null}
        </header>
        {failed ? (
          <div className="banner banner-error" role="alert">
            <Trans>Your documents could not be loaded. Reload the page to try again.</Trans>
          </div>
        ) : overview ? (
          <ul className="document-list">
            {overview.documents.map((state) => (
              <DocumentRow key={state.kind} state={state} onChanged={() => void reload()} />
            ))}
          </ul>
        ) : (
          <LoadingState />
        )}
      </div>
    </section>
  );
}

function DocumentRow({ state, onChanged }: { state: VerificationKindState; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const label = i18n._(KIND_LABELS[state.kind]);
  const document = state.document;
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const canUpload = state.status === 'not_submitted' || state.status === 'rejected';
  const headingId = `document-${state.kind}-title`;

  return (
    <li className="document-row" aria-labelledby={headingId}>
      <div className="document-head">
        <div>
          <h3 id={headingId} className="document-title">
            {label}
          </h3>
          <p className="field-hint">{i18n._(KIND_HINTS[state.kind])}</p>
        </div>
        <StatusBadge tone={STATUS_TONES[state.status]}>{i18n._(STATUS_LABELS[state.status])}</StatusBadge>
      </div>
      {document && state.status === 'pending' ? (
        <p className="document-meta">
          <Trans>
            {document.file_name}, sent {date(document.submitted_at)}. We will let you know here once it is reviewed.
          </Trans>
          {document.expected_at ? (
            <>
              {' '}
              <Trans>Expected by {date(document.expected_at)}.</Trans>
            </>
          ) : null}
        </p>
      ) : null}
      {document && state.status === 'approved' && document.reviewed_at ? (
        <p className="document-meta">
          <Trans>Approved on {date(document.reviewed_at)}.</Trans>
        </p>
      ) : null}
      {document && state.status === 'rejected' ? (
        <div className="banner banner-error" role="status">
          <span>
            <strong>
              <Trans>Not accepted:</Trans>
            </strong>{' '}
            {document.rejection_reason}
            <br />
            <Trans>Please send a new document.</Trans>
          </span>
        </div>
      ) : null}
      {document ? <DocumentTimeline id={document.id} /> : null}
      {canUpload ? (
        <DocumentUpload
          kind={state.kind}
          label={state.status === 'rejected' ? t`New file for: ${label}` : t`File for: ${label}`}
          onUploaded={onChanged}
        />
      ) : null}
    </li>
  );
}
