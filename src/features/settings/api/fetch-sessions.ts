import { queryOptions } from '@tanstack/react-query';
import type { SessionInfo } from '../../../../contract/account';
import { request } from '../../../lib/http';

/** GET /api/settings/sessions: the user's signed-in devices, most recently used first. */
export function fetchSessions(): Promise<SessionInfo[]> {
  return request<SessionInfo[]>('/api/settings/sessions', { loader: false });
}

export const sessionsQuery = () => queryOptions({ queryKey: ['settings', 'sessions'] as const, queryFn: fetchSessions, staleTime: 0, retry: false });
