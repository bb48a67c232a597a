import type { Clock } from './clock.ts';
import type { Notify } from './notifications.ts';
import { deviceOf } from './devices.ts';
import type { Db } from '../db/schema.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { TokenService } from './tokens.ts';
import type { UserService } from './users.ts';
import type { VerificationService } from './verification.ts';
import type { WalletService } from './wallet.ts';

type Log = { error(obj: object, msg: string): void };

/** How many of the user's earlier sessions are compared with a new sign-in. */
const KNOWN_DEVICES_LOOKBACK = 50;

/**
 * A device as the new-device check compares it: browser and system names without their
 * versions, so an updated browser is not a new device.
 */
export function deviceKey(userAgent: string | null): string {
  const device = deviceOf(userAgent);
  const strip = (name: string | null) => (name ?? '').replace(/\s[\d.]+.*$/, '');
  return `${strip(device.browser)}|${strip(device.os)}|${device.platform}`;
}

function deviceLabel(userAgent: string | null): string {
  const { browser, os } = deviceOf(userAgent);
  return [browser, os].filter(Boolean).join(', ') || (userAgent?.slice(0, 120) ?? '?');
}

/**
 * The producers of notifications that already exist as services, wrapped so that each tells the
 * user after its change is stored; the services themselves stay as they were. A notification
 * that fails is logged: the change it tells of stands.
 */
export function notifyingServices(notify: Notify, db: Db, clock: Clock, log?: Log) {
  const tell: Notify = (userId, event, payload) =>
    notify(userId, event, payload).catch((err: unknown) => {
      log?.error({ err, userId, event }, 'notifications: not delivered');
      return null;
    });

  return {
    /** A sign-in (password or OAuth) from a device the user has not signed in from before. */
    tokens(tokens: TokenService): TokenService {
      return {
        ...tokens,
        async issue(userId, options) {
          const earlier = await db
            .selectFrom('personal_access_tokens')
            .select('user_agent')
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .limit(KNOWN_DEVICES_LOOKBACK)
            .execute();
          const issued = await tokens.issue(userId, options);
          // The first sign-in of an account has nothing to compare with: no alert.
          const key = deviceKey(options.userAgent);
          if (earlier.length > 0 && !earlier.some((row) => deviceKey(row.user_agent) === key)) {
            await tell(userId, 'security.new_device', { device: deviceLabel(options.userAgent), ip: options.ip, at: clock().toISOString() });
          }
          return issued;
        },
      };
    },

    /** The link that moves an account to its new address was followed. */
    emailVerification(service: EmailVerificationService, users: Pick<UserService, 'findById'>): EmailVerificationService {
      return {
        ...service,
        async verify(link) {
          const before = await users.findById(link.id);
          const outcome = await service.verify(link);
          if (outcome === 'email-changed' && before) {
            const after = await users.findById(link.id);
            await tell(link.id, 'security.email_changed', { previous: before.email, current: after?.email ?? before.pending_email ?? '', at: clock().toISOString() });
          }
          return outcome;
        },
      };
    },

    /** Staff decided a live deposit or withdrawal. */
    wallet(wallet: WalletService): WalletService {
      return {
        ...wallet,
        async decide(...args: Parameters<WalletService['decide']>) {
          const decided = await wallet.decide(...args);
          if (decided && (decided.kind === 'deposit' || decided.kind === 'withdrawal')) {
            const money = {
              entry_id: decided.id,
              kind: decided.kind,
              amount: Math.abs(decided.amount),
              currency: decided.currency,
              precision: decided.precision,
              account_number: decided.account_number,
            };
            // The reason, once rejections carry one (issue 14's lifecycle work), is told as given.
            const { reason = null, rejection_reason = null } = decided as { reason?: string | null; rejection_reason?: string | null };
            if (decided.status === 'rejected') await tell(decided.client.id, 'money_request.rejected', { ...money, reason: reason ?? rejection_reason });
            else await tell(decided.client.id, 'money_request.approved', money);
          }
          return decided;
        },
      };
    },

    /** Staff reviewed an identity document. */
    verification(verification: VerificationService): VerificationService {
      return {
        ...verification,
        async approve(id, reviewerId) {
          const result = await verification.approve(id, reviewerId);
          if (result.ok) await tell(result.document.user.id, 'document.approved', { document_id: id, kind: result.document.kind });
          return result;
        },
        async reject(id, reviewerId, reason) {
          const result = await verification.reject(id, reviewerId, reason);
          if (result.ok) {
            await tell(result.document.user.id, 'document.rejected', { document_id: id, kind: result.document.kind, reason: result.document.rejection_reason });
          }
          return result;
        },
      };
    },
  };
}
