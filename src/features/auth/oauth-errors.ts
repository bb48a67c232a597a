import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { OAuthFailure } from '../../../machines/oauth/oauth.machine';

/** What each way an OAuth attempt can fail tells the person. `{provider}` is the provider's name. */
export const OAUTH_FAILURE_MESSAGES: Record<OAuthFailure, MessageDescriptor> = {
  access_denied: msg`Sign-in with {provider} was cancelled.`,
  invalid_state: msg`The sign-in took too long or was started elsewhere. Please try again.`,
  provider_error: msg`{provider} could not confirm who you are. Please try again.`,
  provider_unavailable: msg`Sign-in with {provider} is not available.`,
  email_missing: msg`{provider} did not share an e-mail address, which we need to open your account.`,
  email_unverified: msg`Your e-mail address at {provider} is not verified. Verify it there, then try again.`,
  email_taken: msg`An account with the e-mail address of your {provider} account already exists. Sign in with your password, then connect {provider} in Settings → Profile.`,
  identity_taken: msg`This {provider} account is already connected to another Traderoom account.`,
  already_linked: msg`Another {provider} account is already connected. Disconnect it first.`,
  popup_blocked: msg`Your browser blocked the sign-in window. Allow pop-ups for this site and try again.`,
  start_failed: msg`Sign-in with {provider} could not start. Please try again.`,
  sign_in_failed: msg`Signing in with {provider} did not complete. Please try again.`,
};

/** The failure's text in the current language, naming the provider. */
export function oauthFailureText(i18n: I18n, failure: OAuthFailure, provider: string): string {
  const descriptor: MessageDescriptor = { ...OAUTH_FAILURE_MESSAGES[failure], values: { provider } };
  return i18n._(descriptor);
}
