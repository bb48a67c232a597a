import { http } from '../../../lib/http';
import { historyQuery, type HistoryFilters } from './fetch-history';

/**
 * GET /api/history/export, saved as a file. The call carries the bearer token, which a plain
 * link could not, so the CSV is fetched and handed to the browser as a download.
 */
export async function exportHistory(filters: HistoryFilters): Promise<void> {
  const csv = await http('/api/history/export', { query: historyQuery(filters), responseType: 'blob' });
  const url = URL.createObjectURL(csv);
  const link = document.createElement('a');
  link.href = url;
  link.download = `traderoom-history-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
