import { queryOptions } from '@tanstack/react-query';
import type { PaymentDirection, PaymentMethod } from '../../../../contract/payments';
import { request } from '../../../lib/http';

/**
 * GET /api/payment-methods?currency=&direction=: the enabled methods a client may choose from.
 * Asked when an account is picked in the money form, which shows its own placeholder meanwhile:
 * the page loader would hide the form the client is filling in (and drop what they type).
 */
export function fetchPaymentMethods(currency: string, direction: PaymentDirection): Promise<PaymentMethod[]> {
  return request<PaymentMethod[]>('/api/payment-methods', { query: { currency, direction }, loader: false });
}

export const paymentMethodsKeys = { all: ['payment-methods'] as const };

/** Staff may change the catalogue at any time: each visit of the wallet asks again, a minute at most within one. */
export const paymentMethodsQuery = (currency: string, direction: PaymentDirection) =>
  queryOptions({
    queryKey: [...paymentMethodsKeys.all, currency, direction] as const,
    queryFn: () => fetchPaymentMethods(currency, direction),
    staleTime: 60_000,
  });
