import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PaymentDirection, PaymentMethod, PaymentMethodKind } from '../../../contract/payments';
import { paymentFee } from '../../../contract/payments';

/** What each kind of payment method is called on screen (the method's own name is a proper name, not translated). */
export const PAYMENT_KIND_LABELS: Record<PaymentMethodKind, MessageDescriptor> = {
  bank_transfer: msg`Bank transfer`,
  card: msg`Card`,
  crypto: msg`Crypto`,
};

export const DIRECTION_LABELS: Record<PaymentDirection, MessageDescriptor> = {
  deposit: msg`Deposits`,
  withdrawal: msg`Withdrawals`,
};

/**
 * The expected time in words: instant, hours within a day, else business days counted from one
 * ("1-3 business days"), the way payment pages state it.
 */
export function etaText(hours: number): string {
  if (hours <= 0) return t`Instant`;
  if (hours < 24) return plural(hours, { one: 'Within # hour', other: 'Within # hours' });
  const days = Math.ceil(hours / 24);
  return plural(days, { one: '1 business day', other: '1–# business days' });
}

/**
 * The fee of `amount` by `method`, and what each side sees. `amount` is what moves through the
 * account (LedgerEntry.fee): a deposit's fee is charged on top (the client pays amount + fee,
 * the account gets the amount); a withdrawal's comes out of the payout (the account gives the
 * amount, the client receives amount − fee).
 */
export function feeQuote(method: Pick<PaymentMethod, 'fee_bps' | 'fee_fixed'>, direction: PaymentDirection, amount: number) {
  const fee = paymentFee(method, amount);
  return direction === 'deposit' ? { fee, account: amount, client: amount + fee } : { fee, account: amount, client: Math.max(0, amount - fee) };
}
