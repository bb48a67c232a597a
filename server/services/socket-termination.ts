import type { Broadcaster } from '../realtime/broadcaster.ts';
import type { TokenService } from './tokens.ts';
import type { UserService } from './users.ts';

type Log = { error(obj: object, msg: string): void };

/**
 * A signed-in socket outlives the request that signed it in: when a user's sessions are revoked
 * or their password changes, their sockets are closed (Pusher's terminate_connections), so that
 * each must sign in again with a session that still holds. A failure to close them is logged;
 * the revocation itself is already stored.
 */
export function terminatingSockets(broadcaster: Broadcaster, log?: Log) {
  const terminate = (userId: number) =>
    broadcaster.terminateUser(String(userId)).catch((err: unknown) => log?.error({ err, userId }, 'realtime: the user’s sockets were not closed'));
  return {
    tokens(tokens: TokenService): TokenService {
      return {
        ...tokens,
        async revokeOwn(userId, tokenId) {
          const revoked = await tokens.revokeOwn(userId, tokenId);
          if (revoked) await terminate(userId);
          return revoked;
        },
        async revokeAll(userId, exceptTokenId) {
          const count = await tokens.revokeAll(userId, exceptTokenId);
          if (count > 0) await terminate(userId);
          return count;
        },
      };
    },
    users(users: UserService): UserService {
      return {
        ...users,
        async setPasswordHash(id, passwordHash) {
          await users.setPasswordHash(id, passwordHash);
          await terminate(id);
        },
      };
    },
  };
}
