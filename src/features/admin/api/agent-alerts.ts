import { queryOptions } from '@tanstack/react-query';
import type { AgentAlerts } from '../../../../contract/support';
import { request } from '../../../lib/http';

/** GET /api/admin/support/alerts: the signed-in agent's own alerts, the same in every browser. */
export const agentAlertsQuery = queryOptions({
  queryKey: ['admin', 'support', 'alerts'] as const,
  queryFn: () => request<AgentAlerts>('/api/admin/support/alerts', { loader: false }),
  staleTime: 5 * 60_000,
  retry: false,
});

/** PUT /api/admin/support/alerts */
export function saveAgentAlerts(alerts: AgentAlerts): Promise<AgentAlerts> {
  return request<AgentAlerts>('/api/admin/support/alerts', { method: 'PUT', body: alerts, loader: false });
}
