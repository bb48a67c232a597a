import { queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '../../../../contract/security-activity';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';
import type { AuditSearch } from '../../../lib/search-params';

/** GET /api/admin/audit: staff actions, newest first, with the filters in the address. */
export function fetchAudit(search: AuditSearch): Promise<AuditPage> {
  const query = new URLSearchParams(Object.entries(search).map(([key, value]) => [key, String(value)]));
  return request<AuditPage>(`/api/admin/audit${query.size > 0 ? `?${query}` : ''}`);
}

export const auditKeys = { all: ['admin', 'audit'] as const };

export const auditQuery = (search: AuditSearch) => queryOptions({ queryKey: [...auditKeys.all, search], queryFn: () => fetchAudit(search), ...FRESH_PER_VISIT });
