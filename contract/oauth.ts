/** GET /api/oauth/providers: one entry per configured provider. */
export interface OAuthProviderInfo {
  /** `github`, `google` or `oidc`: the `{provider}` of the OAuth calls. */
  id: string;
  /** Shown on the button. */
  name: string;
}

/** GET /api/oauth/identities: the providers linked to the signed-in user. */
export interface OAuthIdentity {
  provider: string;
  /** The e-mail the provider reported when the link was made. */
  email: string | null;
  created_at: string;
}

/** POST /api/oauth/{provider} and POST /api/oauth/{provider}/link */
export interface OAuthStartResponse {
  url: string;
}

/** Why an OAuth popup came back without signing in; the app words each one. */
export const OAUTH_ERROR_CODES = [
  'access_denied',
  'invalid_state',
  'provider_error',
  'provider_unavailable',
  'email_missing',
  'email_unverified',
  'email_taken',
  'identity_taken',
  'already_linked',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** What the callback page posts to `window.opener` (on the app's origin only). */
export type OAuthPopupMessage =
  | { type: 'traderoom:oauth'; token: string; expires_in: number }
  | { type: 'traderoom:oauth'; linked: string }
  | { type: 'traderoom:oauth'; error: OAuthErrorCode };

export const OAUTH_MESSAGE_TYPE = 'traderoom:oauth';
