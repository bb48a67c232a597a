/** What other slices and routes use of the security slice. */
export { securityKeys, securityQuery } from './api/security-calls';
export { WithdrawalHoldNotice } from './WithdrawalHoldNotice';
