import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { createMailer, type Mail, type Mailer } from '../mail/mailer.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { createAccountSettingsService, type AccountSettingsService } from './account-settings.ts';
import { createArticleService, type ArticleService } from './articles.ts';
import { createAuthService, type AuthService } from './auth.ts';
import { type CalendarChanged, createCalendarService, type CalendarService } from './calendar.ts';
import { createChatService, type ChatService } from './chat.ts';
import type { Clock } from './clock.ts';
import { createCurrencyService, type CurrencyService } from './currencies.ts';
import { createEmailVerificationService, type EmailVerificationService } from './email-verification.ts';
import { createLedgerHistoryService, type LedgerHistoryService } from './ledger-history.ts';
import { createMailOut } from './mail-out.ts';
import { createOAuthService, type OAuthService } from './oauth.ts';
import { createPasswordResetService, type PasswordResetService } from './password-resets.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createServiceCatalogService, type NotifyStaff, type ServiceCatalogService } from './service-requests.ts';
import { createThrottle, type Throttle } from './throttle.ts';
import { createTokenService, type TokenService } from './tokens.ts';
import { createTradingAccountService, type TradingAccountService } from './trading-accounts.ts';
import { createUserService, type UserService } from './users.ts';
import { createVerificationService, type VerificationService } from './verification.ts';
import { createWalletService, type WalletService } from './wallet.ts';

/** Failed logins allowed per e-mail and IP within LOGIN_THROTTLE_WINDOW_MS; the next is refused with 429. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 60_000;
/** Requests for a verification link (resend) allowed per client IP within a minute; the next gets 429. */
export const RESEND_MAX_PER_MINUTE = 6;
/** Requests for a password reset link allowed per client IP within a minute; the next gets 429. */
export const PASSWORD_EMAIL_MAX_PER_MINUTE = 6;
/** Wrong current passwords allowed per user within a minute in the settings; the next gets 429. */
export const PASSWORD_CHECK_MAX_FAILURES = 5;
/** Service requests a user may send within SERVICE_REQUEST_WINDOW_MS; the next is refused with 429. */
export const SERVICE_REQUEST_MAX = 10;
export const SERVICE_REQUEST_WINDOW_MS = 3_600_000;

export interface Services {
  passwords: PasswordHasher;
  users: UserService;
  tokens: TokenService;
  auth: AuthService;
  loginThrottle: Throttle;
  emailVerification: EmailVerificationService;
  passwordResets: PasswordResetService;
  accountSettings: AccountSettingsService;
  resendThrottle: Throttle;
  passwordEmailThrottle: Throttle;
  passwordCheckThrottle: Throttle;
  oauth: OAuthService;
  verification: VerificationService;
  chat: ChatService;
  currencies: CurrencyService;
  tradingAccounts: TradingAccountService;
  wallet: WalletService;
  ledgerHistory: LedgerHistoryService;
  serviceRequestThrottle: Throttle;
  articles: ArticleService;
  serviceCatalog: ServiceCatalogService;
  calendar: CalendarService;
}

/** Points where other features plug in; each defaults to doing nothing. */
export interface ServiceHooks {
  /** After a service request is stored (the chat posts it into the client's support chat). */
  notifyStaff?: NotifyStaff;
  /** After a calendar event changes (the realtime hub tells open calendars to refetch). */
  calendarChanged?: CalendarChanged;
}

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Default: from `config.mail`. */
  mailer?: Mailer;
  /** Where a mail that could not be sent is reported; default the console (the app passes its log). */
  reportMailError?: (error: unknown, mail: Mail) => void;
  broadcaster: Broadcaster;
  log?: { error(obj: object, msg: string): void };
  hooks?: ServiceHooks;
}

export function createServices({
  db,
  config,
  clock,
  broadcaster,
  log,
  mailer = createMailer(config),
  reportMailError = reportToConsole,
  hooks = {},
}: ServiceDeps): Services {
  const passwords = createPasswordHasher(config.passwordHashing);
  const users = createUserService({ db, clock, passwords });
  const tokens = createTokenService({ db, clock });
  const loginThrottle = createThrottle({ maxAttempts: LOGIN_MAX_ATTEMPTS, windowMs: LOGIN_THROTTLE_WINDOW_MS, clock });
  const auth = createAuthService({ users, tokens, passwords, loginThrottle });
  const mailOut = createMailOut(mailer, reportMailError);
  const { appKey, appUrl } = config;
  const emailVerification = createEmailVerificationService({ users, mailOut, clock, appKey, appUrl });
  const passwordResets = createPasswordResetService({ db, users, tokens, passwords, mailOut, clock, appUrl });
  const accountSettings = createAccountSettingsService({ users, passwords, verification: emailVerification, mailOut, clock, appUrl });
  const oauth = createOAuthService({ db, config, clock, users, tokens });
  const verification = createVerificationService({ db, clock, uploadDir: config.uploadDir });
  const chat = createChatService({ db, clock, broadcaster, ...(log ? { log } : {}) });
  const currencies = createCurrencyService({ db });
  const tradingAccounts = createTradingAccountService({ db, clock, maxAccounts: config.maxTradingAccounts });
  const wallet = createWalletService({ db, clock });
  const ledgerHistory = createLedgerHistoryService({ db, clock });
  const articles = createArticleService({ db, clock });
  const serviceCatalog = createServiceCatalogService({
    db,
    clock,
    ...(hooks.notifyStaff ? { notifyStaff: hooks.notifyStaff } : {}),
    onNotifyError: (error) => console.error('notifyStaff failed for a stored service request', error),
  });
  const calendar = createCalendarService({ db, clock, ...(hooks.calendarChanged ? { changed: hooks.calendarChanged } : {}) });
  const serviceRequestThrottle = createThrottle({ maxAttempts: SERVICE_REQUEST_MAX, windowMs: SERVICE_REQUEST_WINDOW_MS, clock });
  const minute = { windowMs: 60_000, clock };
  return {
    passwords,
    users,
    tokens,
    auth,
    loginThrottle,
    emailVerification,
    passwordResets,
    oauth,
    verification,
    accountSettings,
    chat,
    currencies,
    tradingAccounts,
    wallet,
    ledgerHistory,
    articles,
    serviceCatalog,
    calendar,
    serviceRequestThrottle,
    resendThrottle: createThrottle({ maxAttempts: RESEND_MAX_PER_MINUTE, ...minute }),
    passwordEmailThrottle: createThrottle({ maxAttempts: PASSWORD_EMAIL_MAX_PER_MINUTE, ...minute }),
    passwordCheckThrottle: createThrottle({ maxAttempts: PASSWORD_CHECK_MAX_FAILURES, ...minute }),
  };
}

function reportToConsole(error: unknown, mail: Mail): void {
  console.error(`mail "${mail.subject}" to ${mail.to} not sent:`, error);
}
