import type { Config } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { createMailer, type Mail, type Mailer } from '../mail/mailer.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { terminatingSockets } from './socket-termination.ts';
import { createAccountSettingsService, type AccountSettingsService } from './account-settings.ts';
import { createArticleService, type ArticleService } from './articles.ts';
import { createAuthService, type AuthService } from './auth.ts';
import { type CalendarChanged, createCalendarService, type CalendarService } from './calendar.ts';
import { createCannedReplyService, type CannedReplyService } from './canned-replies.ts';
import { createChatService, type ChatService } from './chat.ts';
import { createSupportService, type SupportService } from './support.ts';
import { type ChatTickets, createChatTickets } from './chat-tickets.ts';
import { type ChatContextService, createChatContextService, type OpenTickets } from './chat-context.ts';
import type { Clock } from './clock.ts';
import { createCurrencyService, type CurrencyService } from './currencies.ts';
import { createEmailVerificationService, type EmailVerificationService } from './email-verification.ts';
import { createLedgerHistoryService, type LedgerHistoryService } from './ledger-history.ts';
import { createLifecycles, type Lifecycles } from './lifecycle.ts';
import { createMailOut } from './mail-out.ts';
import { createNotificationService, type NotificationService } from './notifications.ts';
import { notifyingServices } from './notifying.ts';
import { createOAuthService, type OAuthService } from './oauth.ts';
import { createPasswordResetService, type PasswordResetService } from './password-resets.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { createServiceCatalogService, type NotifyStaff, type ServiceCatalogService } from './service-requests.ts';
import { type Limit, memoryThrottles, type Throttle, type ThrottleStore } from './throttle.ts';
import { createTicketService, type TicketNotify, type TicketService } from './tickets.ts';
import { ticketNotices } from './ticket-notices.ts';
import { ticketFromServiceRequest } from './ticket-sources.ts';
import { createTokenService, type TokenService } from './tokens.ts';
import { createTradingAccountService, type TradingAccountService } from './trading-accounts.ts';
import { createUserService, type UserService } from './users.ts';
import { createVerificationService, type VerificationService } from './verification.ts';
import { createWalletService, type WalletService } from './wallet.ts';
import { VERIFICATION_DEPOSIT_THRESHOLD_DEFAULT } from '../../contract/payments.ts';
import type { TradingPlatform } from '../platform/port.ts';
import { createPaymentMethodService, type PaymentMethodService } from './payment-methods.ts';
import { createPlatformAccountService, type PlatformAccountService } from './platform-accounts.ts';
import { createReconciliationService, type ReconciliationService } from './reconciliation.ts';
import { createSecondFactorService, type SecondFactorService } from './second-factor.ts';
import { createPasskeyService, type PasskeyService } from './passkeys.ts';
import { createSecurityActivityService, type SecurityActivityService } from './security-activity.ts';
import { recordingSecurityEvents } from './security-recording.ts';
import { alertingSignIns, type NotMe, notMeHandler } from './sign-in-alerts.ts';
import { createStaffAuditService, type StaffAuditService } from './staff-audit.ts';
import { createIpoService, type IpoService } from './ipo.ts';
import { createInvestingService, type InvestingService } from './investing.ts';
import { createPrivacyService, type PrivacyService } from './privacy.ts';
import { createPartnerServices, type PartnerServices, rewardingDeposits } from './partners/index.ts';
import { PARTNER_COOKIE_DAYS_DEFAULT } from '../../contract/partners.ts';

/**
 * Every throttle's limit (attempts per key within a fixed window). Each is reserved before the work
 * it guards, so requests arriving together cannot all pass; see docs/adr/0003-throttles-reserve-before-they-check.md.
 */
export const LIMITS = {
  /** Failed sign-ins per e-mail and client address. */
  login: { name: 'login', points: 5, windowSeconds: 60 },
  /** Failed sign-ins per account (e-mail), from any address: guessing spread over many addresses. */
  loginAccount: { name: 'login-account', points: 100, windowSeconds: 3_600 },
  /** Failed sign-ins per client address, whatever the e-mail: password spraying. */
  loginAddress: { name: 'login-address', points: 50, windowSeconds: 3_600 },
  /** Wrong current passwords per user in the settings. */
  passwordCheck: { name: 'password-check', points: 5, windowSeconds: 60 },
  /** Refused password-reset tokens per e-mail and client address. */
  passwordReset: { name: 'password-reset', points: 5, windowSeconds: 60 },
  /** Requests for a verification link (resend) per client address. */
  resend: { name: 'resend', points: 6, windowSeconds: 60 },
  /** Requests for a password-reset link per client address. */
  passwordEmail: { name: 'password-email', points: 6, windowSeconds: 60 },
  /** Registrations (each mails a link) per client address; REGISTER_MAX_PER_HOUR changes the figure. */
  register: { name: 'register', points: 10, windowSeconds: 3_600 },
  /** Account mails (verification, e-mail change, password reset) per recipient address. */
  mailRecipient: { name: 'mail-recipient', points: 5, windowSeconds: 3_600 },
  /** E-mail-change confirmations per user. */
  emailChange: { name: 'email-change', points: 5, windowSeconds: 3_600 },
  /** Service requests per user (each reaches a manager). */
  serviceRequest: { name: 'service-request', points: 10, windowSeconds: 3_600 },
  /** New support tickets per user (each reaches staff and may carry 30 MB of files). */
  ticketCreate: { name: 'ticket-create', points: 10, windowSeconds: 3_600 },
  /** Account closings per user (each reads every account on the platform). */
  accountClose: { name: 'account-close', points: 5, windowSeconds: 3_600 },
} satisfies Record<string, Limit>;

export type Throttles = Record<keyof typeof LIMITS, Throttle>;

export interface Services {
  passwords: PasswordHasher;
  users: UserService;
  tokens: TokenService;
  auth: AuthService;
  throttles: Throttles;
  emailVerification: EmailVerificationService;
  passwordResets: PasswordResetService;
  accountSettings: AccountSettingsService;
  oauth: OAuthService;
  verification: VerificationService;
  chat: ChatService;
  chatContext: ChatContextService;
  /** Who is online (from the hub's presence webhooks) and support's office hours. */
  support: SupportService;
  /** A chat message that finds nobody online becomes a ticket (docs/adr/0087). */
  chatTickets: ChatTickets;
  cannedReplies: CannedReplyService;
  currencies: CurrencyService;
  tradingAccounts: TradingAccountService;
  wallet: WalletService;
  ledgerHistory: LedgerHistoryService;
  articles: ArticleService;
  serviceCatalog: ServiceCatalogService;
  calendar: CalendarService;
  /** The trading platform itself, for the app's start and stop (services call it; routes never do). */
  platform: TradingPlatform;
  paymentMethods: PaymentMethodService;
  platformAccounts: PlatformAccountService;
  reconciliation: ReconciliationService;
  /** Transitions of business objects by their machines, and their timelines (docs/adr/0082). */
  lifecycles: Lifecycles;
  tickets: TicketService;
  notifications: NotificationService;
  secondFactor: SecondFactorService;
  passkeys: PasskeyService;
  /** IPO offerings, applications held on trading accounts, allocation. */
  ipo: IpoService;
  /** Copy trading: strategies, subscriptions, the copier, fees and the seeded bots (docs/adr/0093). */
  investing: InvestingService;
  /** Settings → Privacy: data exports (prepared by a worker) and closing an account (docs/adr/0089). */
  privacy: PrivacyService;
  /** The user's security feed (docs/adr/0088). */
  securityActivity: SecurityActivityService;
  /** The new-device mail's "This wasn't me" link followed. */
  notMe: NotMe;
  /** Every staff action, append-only (docs/adr/0088). */
  staffAudit: StaffAuditService;
  /** The partner program: applications, links and attribution, plans, rewards, payouts (docs/adr/0095). */
  partners: PartnerServices;
}

/** Points where other features plug in; each defaults to doing nothing. */
export interface ServiceHooks {
  /** After a service request is stored (the chat posts it into the client's support chat). */
  notifyStaff?: NotifyStaff;
  /** After a calendar event changes (the realtime hub tells open calendars to refetch). */
  calendarChanged?: CalendarChanged;
  /** The client's open tickets beside a chat (the tickets feature wires it; without it the chat context has no tickets section). */
  openTickets?: OpenTickets;
  /**
   * After a ticket step others should hear of (a new ticket: staff; a staff reply or a status
   * change: the client). Default: notifications (services/ticket-notices.ts).
   */
  ticketNotify?: TicketNotify;
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
  /** Where trading accounts live (server/platform/): started and closed by the app. */
  platform: TradingPlatform;
  log?: { error(obj: object, msg: string): void };
  hooks?: ServiceHooks;
  /** Where throttle counters live; default this process's memory. */
  throttleStore?: ThrottleStore;
}

export function createServices({
  db,
  config,
  clock,
  broadcaster,
  platform,
  log,
  mailer = createMailer(config),
  reportMailError = reportToConsole,
  hooks = {},
  throttleStore = memoryThrottles(),
}: ServiceDeps): Services {
  const passwords = createPasswordHasher(config.passwordHashing);
  const terminating = terminatingSockets(broadcaster, log);
  const users = terminating.users(createUserService({ db, clock, passwords }));
  const registerPoints = config.registrationsPerHour ?? LIMITS.register.points;
  const limits = { ...LIMITS, register: { ...LIMITS.register, points: registerPoints } };
  const throttles = Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, throttleStore.create(limit)]),
  ) as Throttles;
  const mailOut = createMailOut(mailer, reportMailError);
  const { appKey, appUrl } = config;
  const notifications = createNotificationService({ db, clock, broadcaster, users, mailOut, appUrl, ...(log ? { log } : {}) });
  // The approval notice names the partner's plan now (services/partners).
  const notifying = notifyingServices(notifications.notify, clock, log, async (userId) => (await partners.applications.me(userId)).partner?.plan.name ?? null);
  // Sign-ins and security changes are recorded for the user's feed (docs/adr/0088).
  const securityActivity = createSecurityActivityService({ db, clock });
  const plainSecondFactor = createSecondFactorService({ db, clock, appKey, cooldownHours: config.securityCooldownHours ?? 24 });
  // ...and password, e-mail and second-factor changes start the withdrawal cool-down (docs/adr/0084).
  const recording = recordingSecurityEvents(securityActivity, users, plainSecondFactor);
  const secondFactor = recording.secondFactor(plainSecondFactor);
  // A sign-in from a new device or network mails a "This wasn't me" link (docs/adr/0088).
  const tokens = alertingSignIns({ db, clock, appUrl, notify: notifying.tell, activity: securityActivity, secondFactor, users })(
    terminating.tokens(createTokenService({ db, clock })),
  );
  const passkeys = recording.passkeys(createPasskeyService({ db, clock, appUrl, secondFactor: plainSecondFactor }));
  const auth = recording.auth(createAuthService({ users, tokens, passwords, throttles, secondFactor }), secondFactor);
  const emailVerification = recording.emailVerification(notifying.emailVerification(createEmailVerificationService({ users, mailOut, clock, appKey, appUrl }), users));
  const passwordResets = recording.passwordResets(createPasswordResetService({ db, users, tokens, passwords, mailOut, notify: notifications.notify, clock, appUrl }));
  const accountSettings = recording.accountSettings(createAccountSettingsService({ users, passwords, verification: emailVerification, notify: notifications.notify, clock }));
  const notMe = notMeHandler({ secondFactor: plainSecondFactor, tokens, users, passwordResets, activity: securityActivity });
  const staffAudit = createStaffAuditService({ db, clock });
  const oauth = createOAuthService({ db, config, clock, users, tokens });
  const lifecycles = createLifecycles({ clock });
  const verification = notifying.verification(createVerificationService({ db, clock, uploadDir: config.uploadDir, lifecycles }));
  const chat = createChatService({ db, clock, broadcaster, lifecycles, ...(log ? { log } : {}) });
  const support = createSupportService({ db, clock, broadcaster, chat, pusher: config.pusher, ...(log ? { log } : {}) });
  const currencies = createCurrencyService({ db });
  const tradingAccounts = createTradingAccountService({ db, clock, platform, maxAccounts: config.maxTradingAccounts });
  const paymentMethods = createPaymentMethodService({ db, clock });
  const partners = createPartnerServices({
    db,
    clock,
    platform,
    lifecycles,
    appUrl,
    cookieDays: config.partnerCookieDays ?? PARTNER_COOKIE_DAYS_DEFAULT,
    notices: notifying.partners,
    ...(log ? { log } : {}),
  });
  const plainWallet = notifying.wallet(createWalletService({
    db,
    clock,
    platform,
    isVerified: async (userId) => (await verification.overview(userId)).verified,
    verificationDepositThreshold: config.verificationDepositThreshold ?? VERIFICATION_DEPOSIT_THRESHOLD_DEFAULT,
    lifecycles,
    withdrawalsHeldUntil: secondFactor.withdrawalsHeldUntil,
  }));
  // A completed live deposit of an attributed client may pay its partner's CPA at once.
  const wallet = rewardingDeposits(plainWallet, partners.rewards, log);
  const platformAccounts = createPlatformAccountService({
    db,
    clock,
    platform,
    marginCallLevel: config.platform.marginCallLevel,
    stopOutLevel: config.platform.stopOutLevel,
  });
  // The client's unresolved tickets beside a chat (read when staff open one, after `tickets` exists).
  const openTickets: OpenTickets = async (userId) =>
    (await tickets.listOf(userId))
      .filter((ticket) => ticket.status !== 'resolved' && ticket.status !== 'closed')
      .map(({ id, number, subject, status, updated_at }) => ({ id, number, subject, status, updated_at }));
  const chatContext = createChatContextService({ db, tradingAccounts, verification, openTickets: hooks.openTickets ?? openTickets, ...(log ? { log } : {}) });
  const cannedReplies = createCannedReplyService({ db, clock });
  const reconciliation = createReconciliationService({ db, clock, platform });
  const ledgerHistory = createLedgerHistoryService({ db, clock });
  const articles = createArticleService({ db, clock });
  const tickets = createTicketService({
    db,
    clock,
    lifecycles,
    uploadDir: config.uploadDir,
    // Staff hear of a new ticket, the client of an answer or a status change (a hook may replace it).
    notify: hooks.ticketNotify ?? ((notice) => ticketNotices(notifications.notify, () => tickets.staff())(notice)),
    onNotifyError: (error) => console.error('ticketNotify failed for a stored ticket step', error),
  });
  const serviceCatalog = createServiceCatalogService({
    db,
    clock,
    // A service request becomes a ticket of its category, so staff answer it in the one queue.
    notifyStaff: async (request) => {
      await ticketFromServiceRequest(tickets, request);
      await hooks.notifyStaff?.(request);
    },
    onNotifyError: (error) => console.error('notifyStaff failed for a stored service request', error),
  });
  const privacy = createPrivacyService({
    db,
    clock,
    appKey,
    appUrl,
    uploadDir: config.uploadDir,
    platform,
    notify: notifications.notify,
    mailOut,
    users,
    passwords,
    partnerData: (userId) => partners.exportData(userId),
    ...(log ? { log } : {}),
  });
  const ipo = createIpoService({ db, clock, platform, lifecycles, notify: notifications.notify, ...(log ? { log } : {}) });
  const investing = createInvestingService({
    db,
    clock,
    platform,
    lifecycles,
    wallet,
    // The follower hears of a stop-loss in their language, in the app and (unless switched off) by e-mail.
    notifyStopLoss: async ({ userId, subscriptionId, strategy, equity, floor, currency, precision }) =>
      void (await notifications.notify(userId, 'copy.stop_loss', { subscription_id: subscriptionId, strategy, equity, floor, currency, precision })),
    ...(log ? { log } : {}),
  });
  // "Nobody online" is support's own status, the one source the widget shows too.
  const chatTickets = createChatTickets({ tickets, supportOnline: async () => (await support.status()).online, broadcaster, ...(log ? { log } : {}) });
  const calendar = createCalendarService({ db, clock, ...(hooks.calendarChanged ? { changed: hooks.calendarChanged } : {}) });
  return {
    passwords,
    users,
    tokens,
    auth,
    throttles,
    emailVerification,
    passwordResets,
    oauth,
    verification,
    accountSettings,
    chat,
    chatContext,
    support,
    chatTickets,
    cannedReplies,
    currencies,
    tradingAccounts,
    wallet,
    ledgerHistory,
    articles,
    serviceCatalog,
    calendar,
    platform,
    paymentMethods,
    platformAccounts,
    reconciliation,
    lifecycles,
    tickets,
    notifications,
    secondFactor,
    passkeys,
    ipo,
    investing,
    privacy,
    securityActivity,
    notMe,
    staffAudit,
    partners,
  };
}

function reportToConsole(error: unknown, mail: Mail): void {
  console.error(`mail "${mail.subject}" to ${mail.to} not sent:`, error);
}
