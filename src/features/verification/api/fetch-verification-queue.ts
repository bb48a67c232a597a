import { queryOptions } from '@tanstack/react-query';
import type { AdminVerification, DocumentStatus } from '../../../../contract/verification';
import { request } from '../../../lib/http';
import { verificationKeys } from './fetch-verification';

/** GET /api/admin/verifications?status= (pending first). */
export function fetchVerificationQueue(status: DocumentStatus | 'all'): Promise<AdminVerification[]> {
  return request<AdminVerification[]>('/api/admin/verifications', { query: status === 'all' ? {} : { status }, loader: false });
}

export const verificationQueueQuery = (status: DocumentStatus | 'all') =>
  queryOptions({ queryKey: [...verificationKeys.all, 'queue', status] as const, queryFn: () => fetchVerificationQueue(status), staleTime: 0, retry: false });
