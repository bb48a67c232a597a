import type { AccountSettingsService } from './account-settings.ts';
import type { AuthService } from './auth.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { PasskeyService } from './passkeys.ts';
import type { PasswordResetService } from './password-resets.ts';
import type { SecondFactorService } from './second-factor.ts';
import type { SecurityActivityService } from './security-activity.ts';
import type { UserService } from './users.ts';

/**
 * The one place where "a security change happened": the services whose outcomes belong in the
 * user's security feed are wrapped so that each records its event after the change is stored
 * (docs/adr/0088), and a new password or e-mail address also starts the withdrawal cool-down
 * (docs/adr/0084; second-factor changes mark it themselves). The services stay as they were.
 * Sign-ins that worked are recorded where sessions are issued (sign-in-alerts.ts).
 */
export function recordingSecurityEvents(
  activity: SecurityActivityService,
  users: Pick<UserService, 'findByEmail'>,
  secondFactor: Pick<SecondFactorService, 'markSecurityChange'>,
) {
  const record = activity.record;
  /** A new password or e-mail address: the cool-down starts, then the feed has it. */
  const credentialsChanged = async (userId: number, event: 'password_changed' | 'password_reset' | 'email_changed') => {
    await secondFactor.markSecurityChange(userId);
    await record(userId, event);
  };
  return {
    /** Failed sign-ins of an existing account: a wrong password or a wrong second factor. */
    auth(auth: AuthService, challenges: Pick<SecondFactorService, 'readChallenge'>): AuthService {
      return {
        ...auth,
        async login(attempt) {
          const result = await auth.login(attempt);
          if (result.outcome === 'bad-credentials') {
            const user = await users.findByEmail(attempt.email);
            if (user) await record(user.id, 'sign_in_failed', { ip: attempt.ip, userAgent: attempt.userAgent, reason: 'password' });
          }
          return result;
        },
        async completeSecondFactor(attempt) {
          const pending = await challenges.readChallenge(attempt.challenge, 'sign-in');
          const result = await auth.completeSecondFactor(attempt);
          if (result.outcome === 'bad-code' && pending?.userId) {
            await record(pending.userId, 'sign_in_failed', { ip: attempt.ip, userAgent: attempt.userAgent, reason: 'second_factor' });
          }
          return result;
        },
      };
    },

    accountSettings(service: AccountSettingsService): AccountSettingsService {
      return {
        ...service,
        async changePassword(user, current, next) {
          const outcome = await service.changePassword(user, current, next);
          if (outcome === 'changed') await credentialsChanged(user.id, 'password_changed');
          return outcome;
        },
      };
    },

    passwordResets(service: PasswordResetService): PasswordResetService {
      return {
        ...service,
        async reset(input) {
          const outcome = await service.reset(input);
          const user = outcome === 'reset' ? await users.findByEmail(input.email) : undefined;
          if (user) await credentialsChanged(user.id, 'password_reset');
          return outcome;
        },
      };
    },

    emailVerification(service: EmailVerificationService): EmailVerificationService {
      return {
        ...service,
        async verify(link) {
          const outcome = await service.verify(link);
          if (outcome === 'email-changed') await credentialsChanged(link.id, 'email_changed');
          return outcome;
        },
      };
    },

    secondFactor(service: SecondFactorService): SecondFactorService {
      return {
        ...service,
        async confirmTotp(userId, code) {
          const codes = await service.confirmTotp(userId, code);
          if (codes) await record(userId, 'totp_enabled');
          return codes;
        },
        async disableTotp(userId) {
          await service.disableTotp(userId);
          await record(userId, 'totp_disabled');
        },
        async regenerateRecoveryCodes(userId) {
          const codes = await service.regenerateRecoveryCodes(userId);
          await record(userId, 'recovery_codes_renewed');
          return codes;
        },
        async forgetDevices(userId) {
          const count = await service.forgetDevices(userId);
          await record(userId, 'devices_forgotten');
          return count;
        },
      };
    },

    passkeys(service: PasskeyService): PasskeyService {
      return {
        ...service,
        async register(userId, challenge, response, name) {
          const saved = await service.register(userId, challenge, response, name);
          if (saved) await record(userId, 'passkey_added', { passkey: saved.name });
          return saved;
        },
        async remove(userId, id) {
          const name = (await service.list(userId)).find((passkey) => passkey.id === id)?.name;
          const removed = await service.remove(userId, id);
          if (removed) await record(userId, 'passkey_removed', name ? { passkey: name } : {});
          return removed;
        },
      };
    },
  };
}
