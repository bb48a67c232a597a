/** The accounts feature's public entry: what other features may import (eslint.config.js). */
export { accountKeys, accountsQuery, fetchAccounts } from './api/fetch-accounts';
export { balanceHistoryQuery, fetchBalanceHistory } from './api/fetch-balance-history';
export { TradingAccounts } from './TradingAccounts';
export { currenciesQuery } from './api/fetch-currencies';
export { type LiveAccounts, type MarginLevels, type UseLiveAccounts } from './live-account';
