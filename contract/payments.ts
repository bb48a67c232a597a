/** The payment-method catalogue: how money reaches an account and leaves it, per currency. Staff configure it. */

export const PAYMENT_METHOD_KINDS = ['bank_transfer', 'card', 'crypto'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export const PAYMENT_DIRECTIONS = ['deposit', 'withdrawal'] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

export interface PaymentMethod {
  id: number;
  kind: PaymentMethodKind;
  /** A proper name staff type (e.g. "SEPA", "Visa / Mastercard", "USDT (TRC-20)"); not translated. */
  name: string;
  currency: string;
  precision: number;
  directions: PaymentDirection[];
  /** Fee in basis points of the amount (150 = 1.5 %) plus a fixed part in minor units. */
  fee_bps: number;
  fee_fixed: number;
  /** Limits per operation, minor units; max null = none. */
  min_amount: number;
  max_amount: number | null;
  /** Expected time to arrive, in hours (0 = instant). */
  eta_hours: number;
  enabled: boolean;
}

/** The fee of an amount by a method, minor units, rounded up (the broker never loses a fraction). */
export function paymentFee(method: Pick<PaymentMethod, 'fee_bps' | 'fee_fixed'>, amountMinor: number): number {
  return Math.ceil((amountMinor * method.fee_bps) / 10_000) + method.fee_fixed;
}

/** Verification the wallet asks for: live withdrawals always; live deposits above this total (VERIFICATION_DEPOSIT_THRESHOLD, USD-equivalent major units, 0 = always). */
export const VERIFICATION_DEPOSIT_THRESHOLD_DEFAULT = 2_000;
