import { queryOptions } from '@tanstack/react-query';
import type { Reconciliation } from '../../../../contract/platform';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

/** GET /api/admin/reconciliation: every account's ledger against the platform, checked now. */
export function fetchReconciliation(): Promise<Reconciliation> {
  return request<Reconciliation>('/api/admin/reconciliation');
}

export const reconciliationKeys = { all: ['admin', 'reconciliation'] as const };

export const reconciliationQuery = () => queryOptions({ queryKey: reconciliationKeys.all, queryFn: fetchReconciliation, ...FRESH_PER_VISIT });
