import { queryOptions } from '@tanstack/react-query';
import type { VerificationOverview } from '../../../../contract/verification';
import { request } from '../../../lib/http';

/** GET /api/verification: each document kind's state for the signed-in client. */
export function fetchVerification(): Promise<VerificationOverview> {
  return request<VerificationOverview>('/api/verification', { loader: false });
}

export const verificationKeys = { all: ['verification'] as const };

export const verificationQuery = () =>
  queryOptions({ queryKey: [...verificationKeys.all, 'mine'] as const, queryFn: fetchVerification, staleTime: 0, retry: false });
