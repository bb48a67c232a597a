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
 * The fee of `amount` by `method`, and what it leaves: a deposit credits the amount less the fee;
 * a withdrawal debits the amount and the fee, so the client receives what they asked for. `net`
 * is what arrives (deposit) or what is debited (withdrawal).
 */
export function feeQuote(method: Pick<PaymentMethod, 'fee_bps' | 'fee_fixed'>, direction: PaymentDirection, amount: number): { fee: number; net: number } {
  const fee = paymentFee(method, amount);
  return { fee, net: direction === 'deposit' ? Math.max(0, amount - fee) : amount + fee };
}
