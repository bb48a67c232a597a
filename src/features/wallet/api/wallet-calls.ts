import type { LedgerEntry, TransferResult } from '../../../../contract/trading';
import type { createIdempotentPoster } from './idempotent-post';

type Poster = ReturnType<typeof createIdempotentPoster>;

/** A deposit or withdrawal; a live one names the method of the catalogue the client chose. */
type MoneyRequest = {
  account_id: string;
  amount: string;
  payment_method_id?: string;
};

/** POST /api/wallet/deposit */
export const requestDeposit = (poster: Poster, body: MoneyRequest) => poster.post<LedgerEntry>('/api/wallet/deposit', body);

/** POST /api/wallet/withdrawal */
export const requestWithdrawal = (poster: Poster, body: MoneyRequest) => poster.post<LedgerEntry>('/api/wallet/withdrawal', body);

/** POST /api/wallet/transfer */
export const requestTransfer = (poster: Poster, body: { from_account_id: string; to_account_id: string; amount: string }) =>
  poster.post<TransferResult>('/api/wallet/transfer', body);
