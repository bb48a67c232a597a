/** The auth feature's public entry: what other features may import (eslint.config.js). */
export { fetchOAuthIdentities, unlinkOAuthIdentity } from './api/oauth';
export { resendVerification } from './api/recovery';
export { ProviderIcon } from './ProviderIcon';
export { useOAuth } from './use-oauth';
export { useOAuthProviders } from './use-oauth-providers';
