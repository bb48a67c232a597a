import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../../contract/account';
import { queryClient } from '../../data/query-client';
import { revokeOtherSessions } from './api/revoke-other-sessions';
import { revokeSession } from './api/revoke-session';
import { sessionsQuery } from './api/fetch-sessions';

export type SessionsState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'loaded'; sessions: SessionInfo[] };

/** The list is loaded again after each sign-out, and the caller waits for it. */
const reloadAfter = { onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }) };

/** The user's sessions, with sign-out of one or of every other; the list reloads after each. */
export function useSessions() {
  const query = useQuery(sessionsQuery(), queryClient);
  const revoke = useMutation({ mutationFn: revokeSession, ...reloadAfter }, queryClient);
  const revokeOthers = useMutation({ mutationFn: revokeOtherSessions, ...reloadAfter }, queryClient);
  const state: SessionsState = query.data
    ? { kind: 'loaded', sessions: query.data }
    : query.isError
      ? { kind: 'failed' }
      : { kind: 'loading' };

  return {
    state,
    reload: () => query.refetch(),
    others: state.kind === 'loaded' ? state.sessions.filter((s) => !s.current).length : 0,
    revoke: (id: number) => revoke.mutateAsync(id),
    revokeOthers: async () => (await revokeOthers.mutateAsync()).revoked,
  };
}

export type Sessions = ReturnType<typeof useSessions>;
