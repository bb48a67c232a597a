import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { intlLocale } from '../../../contract/locales';
import type { DataExport } from '../../../contract/privacy';
import { queryClient } from '../../data/query-client';
import { errorStatus, errorBody, messageOf } from '../../lib/http';
import { useLang } from '../../lib/use-lang';
import { formatBytes } from '../../ui/format-bytes';
import { LoadError } from '../../ui/LoadError';
import { StatusBadge } from '../../ui/StatusBadge';
import { SettingsSection } from '../settings';
import { downloadExport, exportQuery, privacyKeys, requestExport } from './api/privacy-calls';

/** Times in the reader's own zone, named, since a download's last moment matters to the minute. */
function useWhen() {
  const lang = useLang();
  const format = new Intl.DateTimeFormat(intlLocale(lang), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** Export my data: ask, watch it being prepared in the background, download it for 24 hours. */
export function ExportSection() {
  const { t } = useLingui();
  const lang = useLang();
  const when = useWhen();
  const status = useQuery(exportQuery(), queryClient);
  const [busy, setBusy] = useState<'ask' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function ask() {
    setBusy('ask');
    setError(null);
    try {
      await requestExport();
    } catch (failure) {
      setError(errorStatus(failure) === 409 || errorStatus(failure) === 429 ? messageOf(errorBody(failure)) : t`Something went wrong. Please try again.`);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.export });
    }
  }

  async function download(ready: DataExport) {
    setBusy('download');
    setError(null);
    try {
      await downloadExport(ready.download_url!, `traderoom-data-${(ready.ready_at ?? ready.requested_at).slice(0, 10)}.zip`);
    } catch (failure) {
      setError(messageOf(errorBody(failure)) ?? t`The download failed. Please try again.`);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.export });
    } finally {
      setBusy(null);
    }
  }

  const data = status.data;
  const current = data?.export ?? null;
  const nextAt = data?.next_request_at ?? null;
  const from = nextAt ? when(nextAt) : '';
  const asked = current ? when(current.requested_at) : '';
  const until = current?.expires_at ? when(current.expires_at) : '';
  const size = formatBytes(current?.size ?? 0, intlLocale(lang));
  const askButton = (label: string) => (
    <div className="privacy-actions">
      <button type="button" className="btn btn-primary" onClick={() => void ask()} disabled={busy !== null || nextAt !== null} aria-busy={busy === 'ask'}>
        {label}
      </button>
      {nextAt ? (
        <p className="field-hint">
          <Trans>You can ask for a new export once an hour: from {from}.</Trans>
        </p>
      ) : null}
    </div>
  );

  return (
    <SettingsSection
      title={t`Export my data`}
      lead={t`A ZIP file of JSON documents with everything we hold about you: profile, settings, sessions, trading accounts, ledger, requests, documents, tickets, chat, notifications and IPO applications. We prepare it in the background and tell you when it is ready.`}
    >
      {error ? (
        <div className="banner banner-error" role="alert">
          <span>{error}</span>
        </div>
      ) : null}
      {!data ? (
        status.isError ? (
          <LoadError onRetry={() => void status.refetch()} retrying={status.isFetching}>
            <Trans>The state of your export could not be loaded.</Trans>
          </LoadError>
        ) : (
          <p className="section-lead">
            <Trans>Loading…</Trans>
          </p>
        )
      ) : (
        <div className="privacy-export" aria-live="polite">
          {current?.status === 'preparing' ? (
            <div className="privacy-state">
              <StatusBadge tone="pending">{t`Preparing`}</StatusBadge>
              <p>
                <Trans>We are preparing your file, asked for {asked}. We will notify you here and by e-mail when it is ready.</Trans>
              </p>
            </div>
          ) : current?.status === 'ready' ? (
            <>
              <div className="privacy-state">
                <StatusBadge tone="success">{t`Ready`}</StatusBadge>
                <p>
                  <Trans>
                    Ready until {until} · {size}
                  </Trans>
                </p>
              </div>
              <div className="privacy-actions">
                <button type="button" className="btn btn-primary" onClick={() => void download(current)} disabled={busy !== null} aria-busy={busy === 'download'}>
                  <Trans>Download ZIP</Trans>
                </button>
              </div>
              <p className="field-hint">
                <Trans>Only you can download it, signed in. The file is deleted when the time is up.</Trans>
              </p>
            </>
          ) : current?.status === 'expired' ? (
            <>
              <div className="privacy-state">
                <StatusBadge tone="neutral">{t`Expired`}</StatusBadge>
                <p>
                  <Trans>Your last export expired and its file was deleted. Ask for a new one when you need it.</Trans>
                </p>
              </div>
              {askButton(t`Prepare a new export`)}
            </>
          ) : current?.status === 'failed' ? (
            <>
              <div className="privacy-state">
                <StatusBadge tone="danger">{t`Failed`}</StatusBadge>
                <p>
                  <Trans>We could not prepare your export. Please ask again; if it fails again, contact support.</Trans>
                </p>
              </div>
              {askButton(t`Prepare a new export`)}
            </>
          ) : (
            askButton(t`Prepare my data`)
          )}
        </div>
      )}
    </SettingsSection>
  );
}
