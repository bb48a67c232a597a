/** The history feature's public entry: what other features may import (eslint.config.js). */
export { historyKeys } from './api/fetch-history';
export { KIND_LABELS, STATE_BADGES, STATE_LABELS } from './ledger-labels';
