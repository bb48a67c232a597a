import type { AccountSettingsService } from './account-settings.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { PasswordResetService } from './password-resets.ts';
import type { SecondFactorService } from './second-factor.ts';
import type { UserService } from './users.ts';

/**
 * The services that change a password or an e-mail address, wrapped so that each change starts
 * the withdrawal cool-down (second-factor changes mark it themselves); the services stay as they were.
 */
export function markingSecurityChanges(secondFactor: Pick<SecondFactorService, 'markSecurityChange'>, users: Pick<UserService, 'findByEmail'>) {
  return {
    accountSettings(service: AccountSettingsService): AccountSettingsService {
      return {
        ...service,
        async changePassword(user, current, next) {
          const outcome = await service.changePassword(user, current, next);
          if (outcome === 'changed') await secondFactor.markSecurityChange(user.id);
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
          if (user) await secondFactor.markSecurityChange(user.id);
          return outcome;
        },
      };
    },
    emailVerification(service: EmailVerificationService): EmailVerificationService {
      return {
        ...service,
        async verify(link) {
          const outcome = await service.verify(link);
          if (outcome === 'email-changed') await secondFactor.markSecurityChange(link.id);
          return outcome;
        },
      };
    },
  };
}
