import type { Clock } from './clock.ts';
import type { Notify } from './notifications.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { UserService } from './users.ts';
import type { VerificationService } from './verification.ts';
import type { WalletService } from './wallet.ts';
import type { PartnerNotices } from './partners/index.ts';

type Log = { error(obj: object, msg: string): void };

/**
 * The producers of notifications that already exist as services, wrapped so that each tells the
 * user after its change is stored; the services themselves stay as they were. A notification
 * that fails is logged: the change it tells of stands.
 */
export function notifyingServices(notify: Notify, clock: Clock, log?: Log, partnerPlanName: (userId: number) => Promise<string | null> = async () => null) {
  const tell: Notify = (userId, event, payload, mailFacts) =>
    notify(userId, event, payload, mailFacts).catch((err: unknown) => {
      log?.error({ err, userId, event }, 'notifications: not delivered');
      return null;
    });

  return {
    /** Notify, with a failure logged rather than thrown. */
    tell,

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

    /** The partner program's notices (services/partners): an application decided, a client attributed, rewards credited. */
    partners: {
      applicationDecided: async (userId, application) => {
        if (application.state === 'approved') {
          const partner = await partnerPlanName(userId);
          await tell(userId, 'partner.approved', { application_id: application.id, plan: partner ?? '' });
        } else if (application.state === 'rejected') await tell(userId, 'partner.rejected', { application_id: application.id, reason: application.reason });
      },
      clientAttributed: async (partnerUserId, client) => {
        await tell(partnerUserId, 'partner.client', { client_id: client.id, client: client.name });
      },
      rewardCredited: async (partnerUserId, credit) => {
        await tell(partnerUserId, 'partner.reward', credit);
      },
    } satisfies PartnerNotices,

    /** Staff decided a live deposit or withdrawal. */
    wallet(wallet: WalletService): WalletService {
      return {
        ...wallet,
        async decide(...args: Parameters<WalletService['decide']>) {
          const decided = await wallet.decide(...args);
          // Taking a request into review is no decision: the client's timeline shows it, no message.
          if (decided && args[2].type !== 'review' && (decided.kind === 'deposit' || decided.kind === 'withdrawal')) {
            const money = {
              entry_id: decided.id,
              kind: decided.kind,
              amount: Math.abs(decided.amount),
              currency: decided.currency,
              precision: decided.precision,
              account_number: decided.account_number,
            };
            if (decided.status === 'rejected') await tell(decided.client.id, 'money_request.rejected', { ...money, reason: decided.reason });
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
