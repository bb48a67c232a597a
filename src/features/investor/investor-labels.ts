import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FlagReason, FlagState, InstrumentGroup, PartnerApplicationState, PartnerPeriod, PayoutStatus, RewardKind } from '../../../contract/partners';
import type { BadgeTone } from '../../ui/StatusBadge';

export const APPLICATION_STATE_LABELS: Record<PartnerApplicationState, MessageDescriptor> = {
  submitted: msg({ message: 'Under review', context: 'partner application' }),
  approved: msg({ message: 'Approved', context: 'partner application' }),
  rejected: msg({ message: 'Declined', context: 'partner application' }),
};

export const APPLICATION_STATE_TONES: Record<PartnerApplicationState, BadgeTone> = { submitted: 'pending', approved: 'success', rejected: 'danger' };

/** A step of the application's timeline, by the machine's event. */
export const APPLICATION_EVENT_LABELS: Record<string, MessageDescriptor> = {
  created: msg`Application sent`,
  'application.approve': msg`Approved by our staff`,
  'application.auto_approve': msg`Approved automatically`,
  'application.reject': msg`Declined by our staff`,
};

export const PERIOD_LABELS: Record<PartnerPeriod, MessageDescriptor> = {
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '90d': msg`90 days`,
  all: msg`All time`,
};

export const REWARD_KIND_LABELS: Record<RewardKind, MessageDescriptor> = {
  cpa: msg`First deposit (CPA)`,
  lot: msg`Traded lots`,
  second_level: msg`Sub-partner share`,
};

export const INSTRUMENT_GROUP_LABELS: Record<InstrumentGroup, MessageDescriptor> = {
  forex: msg`Currencies`,
  metals: msg`Metals`,
  indices: msg`Indices`,
  crypto: msg`Cryptocurrencies`,
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'partner payout' }),
  completed: msg({ message: 'Completed', context: 'partner payout' }),
  rejected: msg({ message: 'Rejected', context: 'partner payout' }),
};

export const PAYOUT_STATUS_TONES: Record<PayoutStatus, BadgeTone> = { pending: 'pending', completed: 'success', rejected: 'danger' };

export const FLAG_REASON_LABELS: Record<FlagReason, MessageDescriptor> = {
  same_ip: msg`Same network address as the partner`,
  same_device: msg`Same device as the partner`,
};

export const FLAG_STATE_LABELS: Record<FlagState, MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'attribution flag' }),
  counted: msg({ message: 'Counted', context: 'attribution flag' }),
  dismissed: msg({ message: 'Dismissed', context: 'attribution flag' }),
};
