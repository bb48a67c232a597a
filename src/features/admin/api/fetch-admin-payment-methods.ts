import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../contract/payments';
import { FRESH_PER_VISIT } from '../../../data/query-client';
import { request } from '../../../lib/http';

/** GET /api/admin/payment-methods: the whole catalogue, disabled methods too. */
export function fetchAdminPaymentMethods(): Promise<PaymentMethod[]> {
  return request<PaymentMethod[]>('/api/admin/payment-methods');
}

export const adminPaymentMethodsKeys = { all: ['admin', 'payment-methods'] as const };

export const adminPaymentMethodsQuery = () =>
  queryOptions({ queryKey: adminPaymentMethodsKeys.all, queryFn: fetchAdminPaymentMethods, ...FRESH_PER_VISIT });
