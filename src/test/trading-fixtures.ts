import type { PaymentMethod } from '../../contract/payments';
import type { TradingAccount } from '../../contract/trading';

/** A live USD account with money on it; a test overrides what it reads. */
export function testAccount(overrides: Partial<TradingAccount> = {}): TradingAccount {
  return {
    id: 7,
    number: '40012345',
    type: 'live',
    currency: { id: 1, code: 'USD', name: 'US Dollar', precision: 2 },
    leverage: 100,
    balance: 125_050,
    equity: 125_050,
    available: 125_050,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    nickname: null,
    free_margin: 125_050,
    margin_level: null,
    ...overrides,
  };
}

/** A method of the catalogue (USD, both directions, no fee); a test overrides what it reads. */
export function testPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 1,
    kind: 'bank_transfer',
    name: 'SWIFT',
    currency: 'USD',
    precision: 2,
    directions: ['deposit', 'withdrawal'],
    fee_bps: 0,
    fee_fixed: 0,
    min_amount: 1_000,
    max_amount: null,
    eta_hours: 72,
    enabled: true,
    ...overrides,
  };
}
