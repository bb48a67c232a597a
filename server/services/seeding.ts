/**
 * What the demo seeds (server/db/seed*.ts) may use of the services: the seeding entry, so the
 * data layer depends on one named surface of the services, never on their insides (eslint.config.js).
 */
export { recomputeBalance } from './balances.ts';
export { newAccountNumber } from './trading-accounts.ts';
export { EmailTakenError, type UserService } from './users.ts';
export { newReference } from './references.ts';
export type { TradingPlatform } from '../platform/port.ts';
