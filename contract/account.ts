/**
 * The account lifecycle calls (ours where CONTRACT.md leaves the shape open): verification,
 * password reset, settings, sessions. Schemas: account.schema.ts.
 */

/** POST /api/password/email, POST /api/email/resend */
export interface EmailOnlyBody {
  email: string;
}

/** 200 answer of register (verification first), resend, verify, password email and reset. */
export interface StatusResponse {
  status: string;
}

/** POST /api/password/reset */
export interface PasswordResetBody {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** PATCH /api/settings/profile */
export interface ProfileBody {
  first_name: string;
  second_name: string;
  email: string;
}

/** PATCH /api/settings/password */
export interface PasswordChangeBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** One entry of GET /api/settings/sessions: a signed-in device (a live token). */
export interface SessionInfo {
  id: number;
  /** e.g. "Chrome 131"; null when the browser did not say. */
  browser: string | null;
  /** e.g. "macOS 14.5". */
  os: string | null;
  platform: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'unknown';
  /** The address the session signed in from. */
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  /** The session making this request. */
  current: boolean;
}
