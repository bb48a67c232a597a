import { queryOptions } from '@tanstack/react-query';
import type { PlatformInfo } from '../../../../contract/platform';
import { request } from '../../../lib/http';

/** GET /api/platform: the platform's name, instruments, quotes and the margin-call and stop-out levels. */
export function fetchPlatform(): Promise<PlatformInfo> {
  return request<PlatformInfo>('/api/platform', { loader: false });
}

export const platformKeys = { all: ['platform'] as const };

/** The levels change only with the server's configuration; the quotes in it are read live elsewhere. */
export const platformQuery = () => queryOptions({ queryKey: platformKeys.all, queryFn: fetchPlatform, staleTime: 10 * 60_000, retry: false });
