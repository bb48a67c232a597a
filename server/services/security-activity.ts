import {
  SECURITY_FEED_DAYS,
  SECURITY_FEED_PER_PAGE,
  type SecurityEvent,
  type SecurityEventKind,
  type SecurityEventPage,
  type SignInFailure,
} from '../../contract/security-activity.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { deviceLabel } from './devices.ts';

export interface SecurityContext {
  ip?: string | null;
  userAgent?: string | null;
  reason?: SignInFailure;
  passkey?: string;
}

/** The user's security feed: sign-ins that worked or failed, and security changes (docs/adr/0088). */
export interface SecurityActivityService {
  record(userId: number, kind: SecurityEventKind, context?: SecurityContext): Promise<void>;
  /** The user's own events of the last 90 days, newest first. */
  page(userId: number, page: number, perPage?: number): Promise<SecurityEventPage>;
}

const DAY_MS = 86_400_000;

export function createSecurityActivityService({ db, clock }: { db: Db; clock: Clock }): SecurityActivityService {
  const since = () => new Date(clock().getTime() - SECURITY_FEED_DAYS * DAY_MS).toISOString();
  return {
    async record(userId, kind, { ip = null, userAgent = null, reason, passkey } = {}) {
      const detail = reason || passkey ? JSON.stringify({ ...(reason ? { reason } : {}), ...(passkey ? { passkey } : {}) }) : null;
      await db
        .insertInto('security_events')
        .values({ user_id: userId, kind, ip, user_agent: userAgent?.slice(0, 500) ?? null, detail, created_at: clock().toISOString() })
        .execute();
      // Older rows of this user go as new ones come: nothing past the window is kept (an index range).
      await db.deleteFrom('security_events').where('user_id', '=', userId).where('created_at', '<', since()).execute();
    },

    async page(userId, page, perPage = SECURITY_FEED_PER_PAGE) {
      const scope = db.selectFrom('security_events').where('user_id', '=', userId).where('created_at', '>=', since());
      const [rows, count] = await Promise.all([
        scope
          .select(['id', 'kind', 'ip', 'user_agent', 'detail', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((page - 1) * perPage)
          .execute(),
        scope.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      const data = rows.map((row): SecurityEvent => {
        const detail = row.detail ? (JSON.parse(row.detail) as { reason?: SignInFailure; passkey?: string }) : {};
        return {
          id: row.id,
          kind: row.kind as SecurityEventKind,
          device: row.user_agent ? deviceLabel(row.user_agent) : null,
          ip: row.ip,
          reason: detail.reason ?? null,
          passkey: detail.passkey ?? null,
          created_at: row.created_at,
        };
      });
      return { data, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  };
}
