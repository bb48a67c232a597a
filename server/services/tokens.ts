import { hash, randomBytes } from 'node:crypto';
import { runSelect } from '../db/run-select.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { toRecord, USER_COLUMNS, type UserRecord } from './users.ts';

/** Lifetime of a token issued without "remember me". */
export const SESSION_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** Lifetime of a token issued with "remember me" (the app's cookie lasts as long). */
export const REMEMBER_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;
/** last_used_at is written at most this often per token, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** 32 random bytes in base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  // One call, no Hash object: every authenticated request hashes its token (docs/adr/0111).
  return hash('sha256', token, 'hex');
}

export interface IssueOptions {
  remember: boolean;
  userAgent: string | null;
  ip: string | null;
  name?: string;
  /** The browser showed a remembered-device cookie of this user: no new-device alert. */
  knownDevice?: boolean;
}

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

export interface LiveToken {
  id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
}

export interface TokenService {
  issue(userId: number, options: IssueOptions): Promise<IssuedToken>;
  /** The live (unexpired, unrevoked) token's ids, or null. */
  resolve(token: string): Promise<{ tokenId: number; userId: number } | null>;
  /** The live token's id and its user with the roles, read in one joined query (every authenticated request). */
  resolveUser(token: string): Promise<{ tokenId: number; user: UserRecord } | null>;
  revoke(tokenId: number): Promise<void>;
  /** The user's live tokens (their sessions), most recently used first. */
  liveOf(userId: number): Promise<LiveToken[]>;
  /** Revokes one live token of the user; false when the user holds no such live token. */
  revokeOwn(userId: number, tokenId: number): Promise<boolean>;
  /** Revokes every live token of the user but `exceptTokenId`; answers how many. */
  revokeAll(userId: number, exceptTokenId?: number): Promise<number>;
}

export function createTokenService({ db, clock }: { db: Db; clock: Clock }): TokenService {
  /**
   * The live token with its user, one row per role (none: one row, role null). Not ordered: SQLite
   * sorted the rows in a temporary B-tree for each request; resolveUser() puts the few roles in
   * users.rolesOf()'s order itself.
   */
  const liveTokenQuery = (tokenHash: string, now: string) =>
    db
      .selectFrom('personal_access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('role_user as ru', 'ru.user_id', 'u.id')
      .leftJoin('roles as r', 'r.id', 'ru.role_id')
      .select(['t.id as token_id', 't.last_used_at', ...USER_COLUMNS.map((c) => `u.${c}` as const), 'r.name as role'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', now);
  type LiveTokenRow = Awaited<ReturnType<ReturnType<typeof liveTokenQuery>['execute']>>[number];
  // Every authenticated request runs it: Kysely would build and compile it again each time (a
  // fifth of a request's CPU), so it is compiled once and run with this request's values, which
  // go in the slots the stand-ins took (one SQL text, both databases; on PostgreSQL the text
  // runs as a kept prepared statement, docs/adr/0104; on SQLite outside a transaction the kept
  // statement runs at once, run-select.ts).
  const HASH = '\u0000token_hash';
  const NOW = '\u0000now';
  const compiledLiveToken = liveTokenQuery(HASH, NOW).compile();
  const hashAt = compiledLiveToken.parameters.indexOf(HASH);
  const nowAt = compiledLiveToken.parameters.indexOf(NOW);
  if (hashAt === -1 || nowAt === -1) throw new Error('the live token query lost a value');
  const { query, queryId, sql } = compiledLiveToken;

  async function resolveUser(token: string): Promise<{ tokenId: number; user: UserRecord } | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = clock();
    const parameters = compiledLiveToken.parameters.slice();
    parameters[hashAt] = hashToken(token);
    parameters[nowAt] = now.toISOString();
    const { rows } = await runSelect<LiveTokenRow>(db, { query, queryId, sql, parameters });
    const first = rows[0];
    if (!first) return null;
    const lastUsed = first.last_used_at ? Date.parse(first.last_used_at) : 0;
    if (now.getTime() - lastUsed >= LAST_USED_RESOLUTION_MS) {
      await db
        .updateTable('personal_access_tokens')
        .set({ last_used_at: now.toISOString() })
        .where('id', '=', first.token_id)
        .execute();
    }
    // No object rest or spread of the row here or in toRecord(): V8 copies those property by
    // property on a generic path; without them GET /api/user answered 10-31% more requests per
    // CPU second (docs/adr/0108).
    const roles: string[] = [];
    for (const row of rows) if (row.role !== null) roles.push(row.role);
    // By name, as users.rolesOf() orders them ('admin', 'client': ASCII, so code-unit order is
    // the databases' order too).
    if (roles.length > 1) roles.sort();
    return { tokenId: first.token_id, user: toRecord(first, roles) };
  }

  return {
    async issue(userId, { remember, userAgent, ip, name = 'web' }) {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresIn = remember ? REMEMBER_TOKEN_TTL_SECONDS : SESSION_TOKEN_TTL_SECONDS;
      await db
        .insertInto('personal_access_tokens')
        .values({
          user_id: userId,
          token_hash: hashToken(token),
          name,
          remember: remember ? 1 : 0,
          user_agent: userAgent?.slice(0, 500) ?? null,
          ip,
          created_at: now.toISOString(),
          last_used_at: now.toISOString(),
          expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString(),
        })
        .execute();
      return { token, expiresIn };
    },

    async resolve(token) {
      const live = await resolveUser(token);
      return live && { tokenId: live.tokenId, userId: live.user.id };
    },

    resolveUser,

    async revoke(tokenId) {
      await db
        .updateTable('personal_access_tokens')
        .set({ revoked_at: clock().toISOString() })
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    liveOf: (userId) =>
      db
        .selectFrom('personal_access_tokens')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', clock().toISOString())
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    async revokeOwn(userId, tokenId) {
      const now = clock().toISOString();
      const result = await db
        .updateTable('personal_access_tokens')
        .set({ revoked_at: now })
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async revokeAll(userId, exceptTokenId) {
      let query = db
        .updateTable('personal_access_tokens')
        .set({ revoked_at: clock().toISOString() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptTokenId !== undefined) query = query.where('id', '!=', exceptTokenId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
