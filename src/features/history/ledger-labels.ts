import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WalletRequestState } from '../../../contract/lifecycle';
import type { LedgerKind, LedgerStatus } from '../../../contract/trading';

/** What each kind and status of a ledger entry is called on screen. */
export const KIND_LABELS: Record<LedgerKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  transfer_in: msg`Transfer in`,
  transfer_out: msg`Transfer out`,
  adjustment: msg`Adjustment`,
  ipo: msg`IPO allocation`,
};

export const STATUS_LABELS: Record<LedgerStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  rejected: msg`Rejected`,
};

/** Where a deposit or withdrawal stands (machines/wallet-request), as the timeline and staff's queue say it. */
export const STATE_LABELS: Record<WalletRequestState, MessageDescriptor> = {
  submitted: msg`Submitted`,
  under_review: msg`Under review`,
  approved: msg`Approved, processing`,
  completed: msg`Completed`,
  rejected: msg`Rejected`,
};

/** The badge colour of each state (money.css: pending, completed, rejected). */
export const STATE_BADGES: Record<WalletRequestState, 'pending' | 'completed' | 'rejected'> = {
  submitted: 'pending',
  under_review: 'pending',
  approved: 'pending',
  completed: 'completed',
  rejected: 'rejected',
};
