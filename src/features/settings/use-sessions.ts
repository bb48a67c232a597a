import { useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '../../../contract/account';
import { fetchSessions, revokeOtherSessions, revokeSession } from './api/sessions';

export type SessionsState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'loaded'; sessions: SessionInfo[] };

/** The user's sessions, with sign-out of one or of every other; the list reloads after each. */
export function useSessions() {
  const [state, setState] = useState<SessionsState>({ kind: 'loading' });
  const reload = useCallback(async () => {
    try {
      setState({ kind: 'loaded', sessions: await fetchSessions() });
    } catch {
      setState({ kind: 'failed' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return {
    state,
    reload,
    others: state.kind === 'loaded' ? state.sessions.filter((s) => !s.current).length : 0,
    async revoke(id: number) {
      await revokeSession(id);
      await reload();
    },
    async revokeOthers() {
      const { revoked } = await revokeOtherSessions();
      await reload();
      return revoked;
    },
  };
}

export type Sessions = ReturnType<typeof useSessions>;
