/** The security feed of Settings → Security and the staff audit log (docs/adr/0088). */

/** What the feed tells of; failures carry the step that failed. */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'email_changed',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes_renewed',
  'passkey_added',
  'passkey_removed',
  'devices_forgotten',
  'not_me',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Which step of a sign-in failed. */
export const SIGN_IN_FAILURES = ['password', 'second_factor', 'passkey'] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** The feed shows (and keeps) this many days. */
export const SECURITY_FEED_DAYS = 90;
export const SECURITY_FEED_PER_PAGE = 20;

export interface SecurityEvent {
  id: number;
  kind: SecurityEventKind;
  /** e.g. "Chrome 131, macOS 10.15.7"; null when the request said nothing usable. */
  device: string | null;
  ip: string | null;
  /** For sign_in_failed: the step that failed; for passkeys: the passkey's name. */
  reason: SignInFailure | null;
  passkey: string | null;
  created_at: string;
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface SecurityEventPage {
  data: SecurityEvent[];
  meta: PageMeta;
}

/** A "This wasn't me" link was followed: what happened. */
export interface NotMeResult {
  /** Sessions signed out. */
  sessions_revoked: number;
  /** Until when live withdrawals are held. */
  withdrawals_held_until: string | null;
  /** A password-reset link went to the account's address. */
  reset_mailed: boolean;
}

export const AUDIT_PER_PAGE = 25;

export interface AuditEntry {
  id: number;
  actor: { id: number; name: string; email: string };
  /** The route acted through: "POST /api/admin/wallet-requests/:id/approve". */
  action: string;
  object_type: string;
  object_id: string | null;
  /** The request's params and body, secrets masked and long texts cut. */
  summary: Record<string, unknown>;
  status: number;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface AuditPage {
  data: AuditEntry[];
  meta: PageMeta;
  /** Every action and object type on record, for the filters. */
  actions: string[];
  object_types: string[];
}
