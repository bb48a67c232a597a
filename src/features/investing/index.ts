/** The investing feature's public entry: what staff's strategies screen shares with it. */
export { investingKeys } from './api/fetch-strategies';
export { money as investingMoney, percent as investingPercent } from './investing-format';
