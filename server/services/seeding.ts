/**
 * What the demo seeds (server/db/seed*.ts) may use of the services: the seeding entry, so the
 * data layer depends on one named surface of the services, never on their insides (eslint.config.js).
 */
export { recomputeBalance } from './balances.ts';
export { newAccountNumber } from './trading-accounts.ts';
export { EmailTakenError, type UserService } from './users.ts';
export { newReference } from './references.ts';
import { EmbeddedPlatform, type PlatformHistory } from '../platform/index.ts';
import type { TradingPlatform } from '../platform/port.ts';

export type { TradingPlatform } from '../platform/port.ts';
export type { PastTrade, PlatformHistory } from '../platform/index.ts';

/**
 * The embedded platform's way to write an account's past, or null on any other platform (its
 * history is its own): the seed then books its money today, through the port.
 */
export function platformHistoryOf(platform: Pick<TradingPlatform, 'name'>): PlatformHistory | null {
  return platform instanceof EmbeddedPlatform ? platform.history : null;
}
export { invitationCode } from './strategies.ts';
