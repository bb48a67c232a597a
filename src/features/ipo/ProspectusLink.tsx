import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { IpoOffering } from '../../../contract/ipo';
import { intlLocale, isLocale } from '../../../contract/locales';
import { saveFile } from '../../lib/save-file';
import { formatBytes } from '../../ui/format-bytes';
import { DownloadIcon } from '../../ui/icons/DownloadIcon';
import { fetchProspectus } from './api/fetch-prospectus';

/** The offering's prospectus: the uploaded PDF (fetched with the session), else the link staff gave, else a note. */
export function ProspectusLink({ offering }: { offering: IpoOffering }) {
  const { i18n } = useLingui();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const { prospectus } = offering;

  if (prospectus) {
    const download = async () => {
      setFailed(false);
      setBusy(true);
      try {
        saveFile(await fetchProspectus(offering.id), prospectus.file_name);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    };
    const size = formatBytes(prospectus.size, isLocale(i18n.locale) ? intlLocale(i18n.locale) : i18n.locale);
    return (
      <p className="ipo-prospectus">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void download()} aria-busy={busy} disabled={busy}>
          <DownloadIcon size={16} /> <Trans>Prospectus (PDF, {size})</Trans>
        </button>
        {failed ? (
          <span className="field-error" role="alert">
            <Trans>The prospectus could not be downloaded. Try again.</Trans>
          </span>
        ) : null}
      </p>
    );
  }
  if (offering.prospectus_url) {
    return (
      <p>
        <a href={offering.prospectus_url} target="_blank" rel="noreferrer noopener">
          <DownloadIcon size={16} /> <Trans>Prospectus</Trans>
        </a>
      </p>
    );
  }
  return (
    <p className="field-hint">
      <Trans>The prospectus will be published here.</Trans>
    </p>
  );
}
