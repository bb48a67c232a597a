import type { Generated, Kysely } from 'kysely';
import type { AccountStatus, AccountType, LedgerKind, LedgerStatus } from '../../contract/trading.ts';
import type { PaymentMethodKind } from '../../contract/payments.ts';
import type { RoomStatus } from '../../contract/chat.ts';
import type { TicketAuthorKind, TicketCategory, TicketStatus } from '../../contract/tickets.ts';
import type { DocumentKind, DocumentStatus } from '../../contract/verification.ts';
import type { IpoAllocationRule, IpoApplicationStatus, IpoOfferingState } from '../../contract/ipo.ts';
import type { CopiedTradeAction, CopiedTradeStatus, CopySubscriptionState, FeeKind, FeePeriod, FeeTrigger, SkipReason, StopLossKind, StrategyVisibility } from '../../contract/investing.ts';
import type { Side, TradingSymbol } from '../../contract/platform.ts';
import type { DocumentState, LifecycleActorRole, LifecycleKind, WalletRequestState } from '../../contract/lifecycle.ts';

/**
 * Table types. Timestamps are ISO-8601 UTC strings (`Date#toISOString()`, fixed width),
 * stored in text columns on both dialects: they sort and compare correctly as text, and
 * every query and answer is the same on SQLite and PostgreSQL.
 * Booleans are integers 0/1 for the same reason (SQLite has no boolean type).
 */
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  second_name: string;
  /** Stored lower-cased; unique. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  email_verified_at: string | null;
  /** The language of the user's mail: en, ru or ua. */
  locale: Generated<string>;
  /** A new address waiting for its confirmation link to be followed; `email` stays until then. */
  pending_email: string | null;
  /** The last change of password, e-mail or second factor: live withdrawals wait SECURITY_COOLDOWN_HOURS after it. */
  security_changed_at: string | null;
  /** When the user was last in a presence channel (joined or left), from the hub's webhooks. */
  last_seen_at: string | null;
  /** When the owner closed the account: names and addresses are anonymised, the ledger kept (docs/adr/0089). */
  closed_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface RoleUserTable {
  user_id: number;
  role_id: number;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the bearer token; the token itself is never stored. */
  token_hash: string;
  name: string;
  /** 0/1 */
  remember: number;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
  /** When this session last proved the second factor (or the password) again: a step-up lasts 5 minutes. */
  stepped_up_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the mailed token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when the token is spent (or superseded by a successful reset). */
  used_at: string | null;
}

export interface OAuthIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** `github`, `google` or `oidc`. */
  provider: string;
  /** The provider's stable id of the account (`sub`, GitHub's numeric id). */
  subject: string;
  /** The e-mail the provider gave at linking, for display. */
  email: string | null;
  created_at: string;
}

export interface VerificationDocumentsTable {
  id: Generated<number>;
  user_id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  /** The name the client's file had, for display and download only; never a path. */
  original_name: string;
  /** Detected from the content: image/png, image/jpeg or application/pdf. */
  mime_type: string;
  size: number;
  /** Random file name inside UPLOAD_DIR. */
  storage_name: string;
  rejection_reason: string | null;
  reviewer_id: number | null;
  submitted_at: string;
  reviewed_at: string | null;
  /** The state of machines/identity-document; `status` follows it (uploaded and under review are `pending`). */
  state: Generated<DocumentState>;
  /** When staff expect the decision, if they said. */
  expected_at: string | null;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  /** The client the room belongs to; one room per client. */
  user_id: number;
  name: string;
  agent_name: string;
  /** Highest message id the client has read. */
  client_read_id: Generated<number>;
  /** Highest message id the staff have read. */
  staff_read_id: Generated<number>;
  last_message_id: number | null;
  /** The last message's time, or the creation time: the administration's list sorts by it. */
  last_activity_at: string;
  created_at: string;
  updated_at: string;
  /** `open` until staff resolve it; a client's new message opens it again. */
  status: Generated<RoomStatus>;
  /** The staff member who claimed the room; null while nobody has. */
  assignee_id: number | null;
}

export interface ChatAttachmentsTable {
  id: Generated<number>;
  /** The message that carries the file (one file per message). */
  message_id: number;
  room_id: number;
  /** The sender's file name, for display and download only; never a path. */
  original_name: string;
  /** Detected from the content: image/png, image/jpeg or application/pdf. */
  mime_type: string;
  size: number;
  /** Random file name inside UPLOAD_DIR (the identity documents' storage). */
  storage_name: string;
  created_at: string;
}

export interface CannedRepliesTable {
  id: Generated<number>;
  /** The language of the clients it is written for (contract/locales.ts). */
  lang: string;
  /** What staff type after `/`; unique per language. */
  shortcut: string;
  text: string;
  created_at: string;
  updated_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  /** The author; null for a message the system posted on the staff's side. */
  user_id: number | null;
  message: string;
  created_at: string;
  /** The sender app's id for the message (idempotent sends); null for the seed's clients and the system. */
  client_id: string | null;
}

export interface CurrenciesTable {
  id: Generated<number>;
  /** ISO 4217, e.g. USD. */
  code: string;
  name: string;
  /** Digits of the minor unit: 2 for cents, 0 for yen. */
  precision: number;
}

export interface TradingAccountsTable {
  id: Generated<number>;
  user_id: number;
  /** 8 digits, unique: the login shown to the client. */
  number: string;
  type: AccountType;
  currency_id: number;
  leverage: number;
  /** Minor units (bigint; read as a JS number, see db/connect.ts). Recomputed from the ledger. */
  balance: Generated<number>;
  equity: Generated<number>;
  status: AccountStatus;
  /** The client's own name for the account. */
  nickname: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  kind: PaymentMethodKind;
  /** A proper name staff type; not translated. */
  name: string;
  currency_id: number;
  /** Comma-separated PaymentDirection values. */
  directions: string;
  fee_bps: number;
  /** Minor units of the currency, like the limits. */
  fee_fixed: number;
  min_amount: number;
  max_amount: number | null;
  eta_hours: number;
  /** 0/1 */
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  kind: LedgerKind;
  /** Signed minor units: credits positive, debits negative. */
  amount: number;
  currency_id: number;
  status: LedgerStatus;
  reference: string;
  counterparty_account_id: number | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  /** The platform's balance deal of a completed entry; null while pending or rejected. */
  platform_ticket: number | null;
  /** How the money came or went (deposits and withdrawals of live accounts); null otherwise. */
  payment_method_id: number | null;
  /** The method's fee the client was shown, minor units; charged by the provider, not moved through the account. */
  fee: Generated<number>;
  /** Deposits and withdrawals: the state of machines/wallet-request (`status` and `decided_at` follow it); null for other kinds. */
  state: WalletRequestState | null;
  /** Why staff rejected the request (or the platform refused it for good); the client reads it. */
  reason: string | null;
  /** When staff expect the next step, if they said. */
  expected_at: string | null;
}

/** Every transition of an object with a lifecycle (server/services/lifecycle.ts, docs/adr/0082). */
export interface LifecycleEventsTable {
  id: Generated<number>;
  kind: LifecycleKind;
  object_id: number;
  /** Null for the step that created the object. */
  from_state: string | null;
  to_state: string;
  event: string;
  /** Null for the system (or a user since deleted). */
  actor_id: number | null;
  actor_role: LifecycleActorRole;
  reason: string | null;
  expected_at: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  fingerprint: string;
  status_code: number;
  /** The JSON body answered the first time. */
  response: string;
  created_at: string;
}

/**
 * Translated content is stored one way: a language-neutral row, and a translation table keyed by
 * (row, `lang`) with the words (articles, services, calendar events; docs/adding-a-language.md).
 */
export interface ArticlesTable {
  id: Generated<number>;
  /** Shared by every language, so a language switch keeps the story open. */
  slug: string;
  cover_image: string;
  category: string;
  created_at: string;
  updated_at: string;
}

export interface ArticleTranslationsTable {
  /** The id GET /api/articles/getAll answers: one per language version. */
  id: Generated<number>;
  article_id: number;
  /** A code of LOCALES (contract/locales.ts). */
  lang: string;
  title: string;
  excerpt: string;
  /** Markdown. */
  body: string;
  /** Null for a draft; a later time for a scheduled article. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  code: string;
  icon: string;
  sort_order: number;
  /** 0/1 */
  active: number;
}

export interface ServiceTranslationsTable {
  service_id: number;
  /** A code of LOCALES (contract/locales.ts). */
  lang: string;
  title: string;
  description: string;
}

export interface ServiceRequestsTable {
  id: Generated<number>;
  user_id: number;
  service_id: number;
  note: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface CalendarEventsTable {
  id: Generated<number>;
  /** ISO-8601 UTC. */
  starts_at: string;
  country: string;
  currency: string;
  /** 1–3 */
  importance: number;
  actual: string | null;
  forecast: string | null;
  previous: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarEventTranslationsTable {
  event_id: number;
  /** A code of LOCALES (contract/locales.ts). */
  lang: string;
  title: string;
}

export interface CalendarSettingsTable {
  user_id: number;
  /** Comma-separated currency codes. */
  currencies: string;
  /** Comma-separated levels, e.g. `2,3`. */
  importance: string;
  /** IANA zone; null follows the device's. */
  time_zone: string | null;
  updated_at: string;
}

export interface TicketsTable {
  id: Generated<number>;
  user_id: number;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
  /** Bumped by every change of status or handler (compare-and-set). */
  version: Generated<number>;
  assignee_id: number | null;
  /** `client`, `service_request` or `chat`. */
  source: Generated<string>;
  service_request_id: number | null;
  /** The support chat a `chat` ticket came from (docs/adr/0087, migration 0025). */
  chat_room_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
  first_response_at: string | null;
  resolved_at: string | null;
  closed_at: string | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: string | null;
  /** 1 when the current resolution is rated. */
  rated: Generated<number>;
}

export interface TicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number | null;
  author_kind: TicketAuthorKind;
  body: string;
  /** 1: a staff note, never shown to the client. */
  internal: Generated<number>;
  /** The chat message this one was copied from (unique: copied once; migration 0025). */
  chat_message_id: Generated<number | null>;
  created_at: string;
}

export interface TicketAttachmentsTable {
  id: Generated<number>;
  ticket_id: number;
  message_id: number;
  original_name: string;
  mime_type: string;
  size: number;
  storage_name: string;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** One of NOTIFICATION_EVENTS (contract/notifications.ts). */
  event: string;
  /** JSON of the event's payload. */
  payload: string;
  /** Path inside the app without the language, or null. */
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  event: string;
  /** 0/1 */
  in_app: number;
  /** 0/1 (security events mail regardless). */
  email: number;
  updated_at: string;
}

export interface TotpCredentialsTable {
  user_id: number;
  /** Encrypted (services/secret-box.ts). */
  secret: string;
  confirmed_at: string | null;
  last_step: Generated<number>;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA256 under APP_KEY (docs/adr/0084). */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url */
  credential_id: string;
  /** COSE public key, base64url */
  public_key: string;
  counter: Generated<number>;
  /** Comma-separated transports the authenticator named. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type ChallengePurpose = 'sign-in' | 'passkey-register' | 'passkey-sign-in' | 'passkey-step-up' | 'not-me';

export interface AuthChallengesTable {
  id: Generated<number>;
  /** SHA-256 of the token the caller holds. */
  token_hash: string;
  purpose: ChallengePurpose;
  user_id: number | null;
  /** The WebAuthn challenge (base64url) for passkey ceremonies. */
  challenge: string | null;
  /** 0/1: the sign-in's "remember me". */
  remember: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface TrustedDevicesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface IpoOfferingsTable {
  id: Generated<number>;
  company: string;
  ticker: string;
  prospectus_url: string | null;
  /** The uploaded prospectus (migration 0024): its file name as staff gave it, its stored name in the upload directory, its size in bytes. */
  prospectus_name: Generated<string | null>;
  prospectus_storage: Generated<string | null>;
  prospectus_size: Generated<number | null>;
  currency_id: number;
  /** Minor units per share. */
  price_min: number;
  price_max: number;
  final_price: number | null;
  shares_offered: number;
  /** Minor units. */
  min_application: number;
  max_application: number;
  /** ISO-8601 UTC. */
  opens_at: string;
  closes_at: string;
  allocation_at: string;
  lockup_days: number;
  /** The state of machines/ipo-offering. */
  state: IpoOfferingState;
  reconfirm_until: string | null;
  allocation_rule: Generated<IpoAllocationRule>;
  per_client_max: number | null;
  allocated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IpoOfferingTranslationsTable {
  offering_id: number;
  lang: string;
  description: string;
  risk: string;
}

export interface IpoApplicationsTable {
  id: Generated<number>;
  offering_id: number;
  user_id: number;
  account_id: number;
  /** Minor units asked for. */
  amount: number;
  /** Minor units held on the account now (services/balances.ts counts them). */
  held: number;
  /**
   * What the trading platform has confirmed it sets aside for this application (migration 0024):
   * the hold, or after allocation the amount still to book; the IPO sweep brings it to that target.
   */
  reserved: Generated<number>;
  status: IpoApplicationStatus;
  requested_shares: number | null;
  allocated_shares: number | null;
  allocated_amount: number | null;
  ledger_entry_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface IpoAppropriatenessTable {
  user_id: number;
  /** 0/1 */
  passed: number;
  /** Comma-separated question ids answered wrong. */
  wrong: string;
  taken_at: string;
}

export interface PresenceMembersTable {
  channel: string;
  user_id: number;
  joined_at: string;
}

export interface SupportSettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: string;
}

export type DataExportStatus = 'preparing' | 'ready' | 'expired' | 'failed';

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  status: DataExportStatus;
  /** SHA-256 hex of the download token. */
  token_hash: string;
  /** The token sealed by services/secret-box.ts, for the owner's screen only. */
  token_sealed: string;
  /** Random file name of the ZIP inside UPLOAD_DIR/exports; null until ready and after expiry. */
  storage_name: string | null;
  size: number | null;
  claimed_until: string | null;
  attempts: Generated<number>;
  requested_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

/** The user's security feed (docs/adr/0088): kept 90 days. */
export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  /** One of SECURITY_EVENT_KINDS (contract/security-activity.ts). */
  kind: string;
  ip: string | null;
  user_agent: string | null;
  /** JSON, or null. */
  detail: string | null;
  created_at: string;
}

/** Every staff action (docs/adr/0088); append-only, a trigger refuses UPDATE and DELETE. */
export interface StaffAuditTable {
  id: Generated<number>;
  actor_id: number;
  actor_name: string;
  actor_email: string;
  /** The route: "POST /api/admin/wallet-requests/:id/approve". */
  action: string;
  /** The resource the route acts on ("wallet-requests"). */
  object_type: string;
  object_id: string | null;
  /** JSON of the request's params and body, secrets masked and long texts cut. */
  summary: string;
  status: number;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

/** An agent's own alerts for new client messages; no row is every alert off. */
export interface AgentAlertsTable {
  user_id: number;
  /** 0/1: a sound when a client writes while the agent's tab is in the background. */
  sound: Generated<number>;
  updated_at: string;
}

/** Bumped by triggers on every write to a user's ledger entries (0029): the cached history totals' key. */
export interface LedgerVersionsTable {
  user_id: number;
  version: number;
}

/** A strategy offered from a client's account (migration 0030, docs/adr/0093). */
export interface StrategiesTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  name: string;
  visibility: StrategyVisibility;
  invitation_code: string | null;
  /** Percent × 100. */
  performance_fee_bps: number;
  management_fee_bps: number;
  /** Minor units. */
  min_investment: number;
  fee_period: FeePeriod;
  trades_delay_minutes: number;
  /** A seeded bot's rule and instrument, or null. */
  rule: string | null;
  rule_symbol: string | null;
  /** 1 when staff hid it. */
  hidden: number;
  hidden_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface StrategyDescriptionsTable {
  strategy_id: number;
  lang: string;
  text: string;
}

/** A follower's subscription; `state` is machines/copy-subscription's. Money in minor units. */
export interface CopySubscriptionsTable {
  id: Generated<number>;
  strategy_id: number;
  user_id: number;
  source_account_id: number;
  copy_account_id: number;
  state: CopySubscriptionState;
  invested: number;
  high_water_mark: number;
  fees_paid: number;
  stop_loss_kind: StopLossKind | null;
  /** `money`: minor units; `percent`: percent × 100. */
  stop_loss_value: number | null;
  period_start: string;
  /** YYYY-MM-DD: the management fee is accrued up to the start of this day. */
  accrued_to: string;
  version: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface CopiedTradesTable {
  id: Generated<number>;
  subscription_id: number;
  strategy_ticket: number;
  action: CopiedTradeAction;
  /** `pending` while the copy is being placed (a claim), then copied or skipped. */
  status: CopiedTradeStatus | 'pending';
  reason: SkipReason | null;
  symbol: TradingSymbol;
  side: Side;
  strategy_volume: number;
  follower_ticket: number | null;
  volume: number;
  strategy_equity: number;
  follower_equity: number;
  price: number | null;
  profit: number | null;
  created_at: string;
}

export interface CopyFeesTable {
  id: Generated<number>;
  subscription_id: number;
  kind: FeeKind;
  trigger: FeeTrigger;
  amount: number;
  equity: number;
  high_water_mark: number | null;
  rate_bps: number;
  days: number | null;
  period_start: string;
  period_end: string;
  reference: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  role_user: RoleUserTable;
  personal_access_tokens: PersonalAccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  oauth_identities: OAuthIdentitiesTable;
  verification_documents: VerificationDocumentsTable;
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
  chat_attachments: ChatAttachmentsTable;
  canned_replies: CannedRepliesTable;
  currencies: CurrenciesTable;
  trading_accounts: TradingAccountsTable;
  ledger_entries: LedgerEntriesTable;
  lifecycle_events: LifecycleEventsTable;
  payment_methods: PaymentMethodsTable;
  idempotency_keys: IdempotencyKeysTable;
  articles: ArticlesTable;
  article_translations: ArticleTranslationsTable;
  services: ServicesTable;
  service_translations: ServiceTranslationsTable;
  service_requests: ServiceRequestsTable;
  calendar_events: CalendarEventsTable;
  calendar_event_translations: CalendarEventTranslationsTable;
  calendar_settings: CalendarSettingsTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  ticket_attachments: TicketAttachmentsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  totp_credentials: TotpCredentialsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  trusted_devices: TrustedDevicesTable;
  ipo_offerings: IpoOfferingsTable;
  ipo_offering_translations: IpoOfferingTranslationsTable;
  ipo_applications: IpoApplicationsTable;
  ipo_appropriateness: IpoAppropriatenessTable;
  presence_members: PresenceMembersTable;
  support_settings: SupportSettingsTable;
  data_exports: DataExportsTable;
  security_events: SecurityEventsTable;
  staff_audit: StaffAuditTable;
  agent_alerts: AgentAlertsTable;
  ledger_versions: LedgerVersionsTable;
  strategies: StrategiesTable;
  strategy_descriptions: StrategyDescriptionsTable;
  copy_subscriptions: CopySubscriptionsTable;
  copied_trades: CopiedTradesTable;
  copy_fees: CopyFeesTable;
}

export type Db = Kysely<Database>;
