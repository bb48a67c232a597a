import { queryOptions } from '@tanstack/react-query';
import type { ClosureCheck, DataExport, DataExportStatusAnswer } from '../../../../contract/privacy';
import { http, request } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

export const privacyKeys = { export: ['privacy', 'export'] as const, closure: ['privacy', 'closure'] as const };

/** GET /api/privacy/export: the latest export; while it is prepared the screen asks again every few seconds. */
export const exportQuery = () =>
  queryOptions({
    queryKey: privacyKeys.export,
    queryFn: () => request<DataExportStatusAnswer>('/api/privacy/export', { loader: false }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? 3_000 : false),
  });

/** POST /api/privacy/export: 202 preparing; 409 one is already prepared; 429 within the hour. */
export const requestExport = () => request<DataExport>('/api/privacy/export', { method: 'POST' });

/**
 * The ready ZIP, saved as a file. The call carries the bearer token, which a plain link could not
 * (the download is its owner's only), so it is fetched and handed to the browser as a download.
 */
export async function downloadExport(url: string, fileName: string): Promise<void> {
  const zip = await http(url, { responseType: 'blob' });
  saveFile(zip, fileName);
}

/** GET /api/privacy/closure: what stops the account from being closed now. */
export const closureQuery = () =>
  queryOptions({ queryKey: privacyKeys.closure, queryFn: () => request<ClosureCheck>('/api/privacy/closure', { loader: false }), retry: false, staleTime: 0 });

/** POST /api/privacy/close (step-up, asked by the HTTP client). */
export const closeAccount = () => request<void>('/api/privacy/close', { method: 'POST' });
