import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CopySubscriptionState, FeeKind, FeeTrigger, SkipReason, StrategyPeriod, StrategySort } from '../../../contract/investing';
import type { CopySubscriptionEventType } from '../../../machines/copy-subscription/copy-subscription.machine';
import type { BadgeTone } from '../../ui/StatusBadge';

export const PERIOD_LABELS: Record<StrategyPeriod, MessageDescriptor> = {
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '90d': msg`90 days`,
  '1y': msg`1 year`,
  all: msg`All time`,
};

export const SORT_LABELS: Record<StrategySort, MessageDescriptor> = {
  return: msg`Highest return`,
  drawdown: msg`Smallest drawdown`,
  risk: msg`Lowest risk`,
  investors: msg`Most investors`,
  funds: msg`Most funds invested`,
  age: msg`Oldest first`,
};

/** A subscription's state as the follower reads it. */
export const STATE_LABELS: Record<CopySubscriptionState, MessageDescriptor> = {
  funding: msg({ message: 'Funding', context: 'copy subscription state' }),
  active: msg({ message: 'Copying', context: 'copy subscription state' }),
  paused_stop_loss: msg`Paused by stop-loss`,
  paused_by_follower: msg`Paused by you`,
  closing: msg({ message: 'Closing', context: 'copy subscription state' }),
  closed: msg({ message: 'Closed', context: 'copy subscription state' }),
};

export const STATE_TONES: Record<CopySubscriptionState, BadgeTone> = {
  funding: 'pending',
  active: 'success',
  paused_stop_loss: 'danger',
  paused_by_follower: 'neutral',
  closing: 'pending',
  closed: 'neutral',
};

/** What each state means for the follower's money, in one sentence. */
export const STATE_EXPLANATIONS: Record<CopySubscriptionState, MessageDescriptor> = {
  funding: msg`Your copy account is open; the money is on its way from your account.`,
  active: msg`Every new trade of the strategy is copied to your copy account in proportion to its equity.`,
  paused_stop_loss: msg`Equity reached your stop-loss: the copied positions were closed and nothing is copied. Lower the stop-loss or add funds, then resume.`,
  paused_by_follower: msg`You paused copying: new trades are not copied; open copies still close when the strategy closes them.`,
  closing: msg`Positions are closing and fees are being settled; the money then goes back to your account.`,
  closed: msg`This subscription is closed; the money went back to your account.`,
};

/** Why a trade was not copied, in words the follower understands. */
export const SKIP_REASON_LABELS: Record<SkipReason, MessageDescriptor> = {
  too_small: msg`Too small to copy: the proportional volume, rounded down to the instrument's step, is below its minimum. Add funds to copy trades of this size.`,
  no_money: msg`Not enough free margin on your copy account to carry the trade.`,
  market_closed: msg`The market of this instrument was closed when the trade was copied.`,
  unavailable: msg`The trading platform had no fresh price or did not answer.`,
  paused: msg`Copying was paused when the strategy opened this trade.`,
  not_copied: msg`The strategy closed a position that had no copy on your account.`,
};

export const FEE_KIND_LABELS: Record<FeeKind, MessageDescriptor> = {
  management: msg`Management fee`,
  performance: msg`Performance fee`,
};

export const FEE_TRIGGER_LABELS: Record<FeeTrigger, MessageDescriptor> = {
  daily: msg`Daily accrual`,
  period_end: msg`End of the fee period`,
  withdrawal: msg`Settled before a withdrawal`,
  unsubscribe: msg`Settled before unsubscribing`,
};

/** The subscription's timeline, step by step. */
export const EVENT_LABELS: Record<CopySubscriptionEventType | 'created', MessageDescriptor> = {
  created: msg`Subscribed; copy account opened`,
  'subscription.funded': msg`Copy account funded; copying started`,
  'subscription.funding_failed': msg`Funding failed`,
  'subscription.pause': msg`Paused by you`,
  'subscription.resume': msg`Copying resumed`,
  'subscription.stop_loss': msg`Stop-loss reached; positions closed`,
  'subscription.set_stop_loss': msg`Stop-loss changed`,
  'subscription.add_funds': msg`Funds added`,
  'subscription.withdraw': msg`Funds withdrawn`,
  'subscription.unsubscribe': msg`Unsubscribed; closing`,
  'subscription.closed': msg`Closed; money returned`,
};
