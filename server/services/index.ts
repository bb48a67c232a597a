import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { createAuthService, type AuthService } from './auth.ts';
import type { Clock } from './clock.ts';
import { createCurrencyService, type CurrencyService } from './currencies.ts';
import { createLedgerHistoryService, type LedgerHistoryService } from './ledger-history.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createThrottle, type Throttle } from './throttle.ts';
import { createTokenService, type TokenService } from './tokens.ts';
import { createTradingAccountService, type TradingAccountService } from './trading-accounts.ts';
import { createUserService, type UserService } from './users.ts';
import { createWalletService, type WalletService } from './wallet.ts';

/** Failed logins allowed per e-mail and IP within LOGIN_THROTTLE_WINDOW_MS; the next is refused with 429. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 60_000;

export interface Services {
  passwords: PasswordHasher;
  users: UserService;
  tokens: TokenService;
  auth: AuthService;
  loginThrottle: Throttle;
  currencies: CurrencyService;
  tradingAccounts: TradingAccountService;
  wallet: WalletService;
  ledgerHistory: LedgerHistoryService;
}

export function createServices({ db, config, clock }: { db: Db; config: Config; clock: Clock }): Services {
  const passwords = createPasswordHasher(config.passwordHashing);
  const users = createUserService({ db, clock, passwords });
  const tokens = createTokenService({ db, clock });
  const loginThrottle = createThrottle({ maxAttempts: LOGIN_MAX_ATTEMPTS, windowMs: LOGIN_THROTTLE_WINDOW_MS, clock });
  const auth = createAuthService({ users, tokens, passwords, loginThrottle });
  const currencies = createCurrencyService({ db });
  const tradingAccounts = createTradingAccountService({ db, clock, maxAccounts: config.maxTradingAccounts });
  const wallet = createWalletService({ db, clock });
  const ledgerHistory = createLedgerHistoryService({ db, clock });
  return { passwords, users, tokens, auth, loginThrottle, currencies, tradingAccounts, wallet, ledgerHistory };
}
