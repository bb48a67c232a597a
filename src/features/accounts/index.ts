/** The accounts feature's public entry: what other features may import (eslint.config.js). */
export { fetchAccounts } from './api/fetch-accounts';
export { fetchBalanceHistory } from './api/fetch-balance-history';
export { TradingAccounts } from './TradingAccounts';
