import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { OAuthErrorCode } from '../../contract/oauth';

/** What each refusal of an OAuth popup tells the person. `{provider}` is the provider's name. */
export const OAUTH_ERROR_MESSAGES: Record<OAuthErrorCode, MessageDescriptor> = {
  access_denied: msg`Sign-in with {provider} was cancelled.`,
  invalid_state: msg`The sign-in took too long or was started elsewhere. Please try again.`,
  provider_error: msg`{provider} could not confirm who you are. Please try again.`,
  provider_unavailable: msg`Sign-in with {provider} is not available.`,
  email_missing: msg`{provider} did not share an e-mail address, which we need to open your account.`,
  email_unverified: msg`Your e-mail address at {provider} is not verified. Verify it there, then try again.`,
  email_taken: msg`An account with the e-mail address of your {provider} account already exists. Sign in with your password, then connect {provider} in Settings → Profile.`,
  identity_taken: msg`This {provider} account is already connected to another Traderoom account.`,
  already_linked: msg`Another {provider} account is already connected. Disconnect it first.`,
};

/** The refusal's text in the current language, naming the provider. */
export function oauthErrorText(i18n: I18n, code: OAuthErrorCode, provider: string): string {
  const descriptor: MessageDescriptor = { ...OAUTH_ERROR_MESSAGES[code], values: { provider } };
  return i18n._(descriptor);
}
