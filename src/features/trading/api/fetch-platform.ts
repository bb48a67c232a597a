import { queryOptions } from '@tanstack/react-query';
import type { PlatformInfo } from '../../../../contract/platform';
import { loaderUnlessHeld } from '../../../data/query-client';
import { request, type RequestOptions } from '../../../lib/http';

/** GET /api/platform: instruments, the latest quotes, the margin-call and stop-out levels. */
export function fetchPlatform(options: RequestOptions = {}): Promise<PlatformInfo> {
  return request<PlatformInfo>('/api/platform', options);
}

// Instruments and levels change with a deployment, not while a page is open; quotes then arrive live.
export const platformQuery = () => queryOptions({ queryKey: ['platform'] as const, queryFn: ({ queryKey }) => fetchPlatform(loaderUnlessHeld(queryKey)), staleTime: 5 * 60_000, retry: false });
