import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind, LedgerStatus } from '../../../contract/trading';

/** What each kind and status of a ledger entry is called on screen. */
export const KIND_LABELS: Record<LedgerKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  transfer_in: msg`Transfer in`,
  transfer_out: msg`Transfer out`,
  adjustment: msg`Adjustment`,
};

export const STATUS_LABELS: Record<LedgerStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  rejected: msg`Rejected`,
};
