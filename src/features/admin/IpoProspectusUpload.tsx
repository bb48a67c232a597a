import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { IPO_PROSPECTUS_MAX_BYTES, type AdminIpoOffering } from '../../../contract/ipo';
import { intlLocale, isLocale } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { formatBytes } from '../../ui/format-bytes';
import { uploadIpoProspectus } from './api/fetch-admin-ipo';
import '../../ui/form/file-input.css';

/** Staff upload or replace an offering's prospectus: a PDF, checked again by the server by its content. */
export function IpoProspectusUpload({ offering, onUploaded }: { offering: AdminIpoOffering; onUploaded: () => void }) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const locale = isLocale(i18n.locale) ? intlLocale(i18n.locale) : i18n.locale;
  const max = formatBytes(IPO_PROSPECTUS_MAX_BYTES, locale);
  const send = useMutation(
    {
      mutationFn: (file: File) => uploadIpoProspectus(offering.id, file, (p) => setPercent(p.total ? Math.round((p.loaded / p.total) * 100) : null)),
      onSuccess: () => {
        setPercent(null);
        onUploaded();
      },
      onError: (error) => {
        setPercent(null);
        setProblem(messageOf(errorBody(error)) ?? t`The prospectus could not be uploaded. Try again.`);
      },
    },
    queryClient,
  );
  const current = offering.prospectus;
  const name = current?.file_name ?? '';
  const size = current ? formatBytes(current.size, locale) : '';
  return (
    <div className="ipo-prospectus-upload">
      <p className="field-hint">
        {current ? (
          <Trans>
            Prospectus: {name} ({size})
          </Trans>
        ) : (
          <Trans>No prospectus yet: clients see that it will be published.</Trans>
        )}
      </p>
      <label htmlFor={inputId} className="field-label">
        {current ? <Trans>Replace the prospectus (PDF, up to {max})</Trans> : <Trans>Upload the prospectus (PDF, up to {max})</Trans>}
        {percent !== null ? ` · ${percent}%` : null}
      </label>
      <input
        id={inputId}
        className="file-input"
        type="file"
        accept="application/pdf,.pdf"
        disabled={send.isPending}
        aria-busy={send.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          setProblem(null);
          if (!file) return;
          if (file.size > IPO_PROSPECTUS_MAX_BYTES) return setProblem(t`The prospectus must not be larger than ${max}.`);
          send.mutate(file);
        }}
      />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
