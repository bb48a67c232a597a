/** The auth feature's public entry: what other features may import (eslint.config.js). */
export { fetchOAuthIdentities, oauthIdentitiesQuery } from './api/fetch-oauth-identities';
export { unlinkOAuthIdentity } from './api/unlink-oauth-identity';
export { resendVerification } from './api/recovery';
export { ProviderIcon } from './ProviderIcon';
export { useOAuth } from './use-oauth';
export { useOAuthProviders } from './use-oauth-providers';
