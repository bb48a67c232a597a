import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IpoApplicationStatus, IpoOfferingState, IpoTestQuestionId } from '../../../contract/ipo';
import type { IpoStaffStep } from '../../../machines/ipo-offering/ipo-offering.selectors';
import type { BadgeTone } from '../../ui/StatusBadge';

export const OFFERING_STATE_LABELS: Record<IpoOfferingState, MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'IPO offering state' }),
  announced: msg({ message: 'Upcoming', context: 'IPO offering state' }),
  open: msg({ message: 'Open for applications', context: 'IPO offering state' }),
  closed: msg({ message: 'Book closed', context: 'IPO offering state' }),
  priced: msg({ message: 'Priced', context: 'IPO offering state' }),
  allocated: msg({ message: 'Allocated', context: 'IPO offering state' }),
  listed: msg({ message: 'Listed', context: 'IPO offering state' }),
  cancelled: msg({ message: 'Cancelled', context: 'IPO offering state' }),
};

export const OFFERING_STATE_TONES: Record<IpoOfferingState, BadgeTone> = {
  draft: 'neutral',
  announced: 'neutral',
  open: 'success',
  closed: 'pending',
  priced: 'pending',
  allocated: 'success',
  listed: 'neutral',
  cancelled: 'danger',
};

export const APPLICATION_STATUS_LABELS: Record<IpoApplicationStatus, MessageDescriptor> = {
  active: msg({ message: 'Funds held', context: 'IPO application status' }),
  reconfirm: msg({ message: 'Reconfirm the price', context: 'IPO application status' }),
  cancelled: msg({ message: 'Cancelled', context: 'IPO application status' }),
  lapsed: msg({ message: 'Lapsed', context: 'IPO application status' }),
  allocated: msg({ message: 'Shares allocated to you', context: 'IPO application status' }),
};

export const APPLICATION_STATUS_TONES: Record<IpoApplicationStatus, BadgeTone> = {
  active: 'pending',
  reconfirm: 'danger',
  cancelled: 'neutral',
  lapsed: 'neutral',
  allocated: 'success',
};

export const STAFF_STEP_LABELS: Record<IpoStaffStep, MessageDescriptor> = {
  'offering.announce': msg`Announce`,
  'offering.open': msg`Open the window`,
  'offering.close': msg`Close the window`,
  'offering.list': msg`Mark as listed`,
  'offering.cancel': msg`Cancel the offering`,
};

/** The appropriateness test: each question, its choices, and why the right answer is right. */
export const TEST_QUESTIONS: Record<IpoTestQuestionId, { question: MessageDescriptor; choices: Record<string, MessageDescriptor>; why: MessageDescriptor }> = {
  allocation: {
    question: msg`If the offering is oversubscribed, how many shares will you receive?`,
    choices: {
      full: msg`Always everything I applied for`,
      partial: msg`Possibly fewer than I applied for, or none`,
      refund: msg`None, and my money is kept as a fee`,
    },
    why: msg`Popular offerings are allocated pro-rata: you may receive only part of what you asked for, and the rest of your money is released.`,
  },
  price: {
    question: msg`What do you know about the share price when you apply?`,
    choices: {
      fixed: msg`The exact final price`,
      range: msg`A price range; the final price is set after the window closes`,
      market: msg`Nothing until the shares trade`,
    },
    why: msg`You apply within a price range. The final price is set after the book closes; far outside the range, you are asked to reconfirm.`,
  },
  lockup: {
    question: msg`What does a lock-up period mean?`,
    choices: {
      sell_any_time: msg`Nothing: everyone may sell at once`,
      insiders_wait: msg`Shares may not be sold for a while after the offering`,
      no_trading: msg`The exchange stops trading the shares`,
    },
    why: msg`During the lock-up, shares allocated in the offering may not be sold; prices can move sharply when it ends.`,
  },
  risk: {
    question: msg`Can you lose money on shares bought in an IPO?`,
    choices: {
      guaranteed: msg`No, IPO shares always rise`,
      can_lose: msg`Yes, I can lose part or all of the amount`,
      bank_insured: msg`No, the amount is insured like a bank deposit`,
    },
    why: msg`Newly listed shares are volatile and uninsured: you can lose part or all of what you invest.`,
  },
};
