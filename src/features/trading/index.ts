/** The trading feature's public entry: what other features may import (eslint.config.js). */
export { accountDetailsQuery, tradingKeys } from './api/fetch-account-details';
export { platformQuery } from './api/fetch-platform';
export { formatPrice } from './format';
