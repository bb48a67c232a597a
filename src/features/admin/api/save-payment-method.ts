import type { PaymentDirection, PaymentMethod, PaymentMethodKind } from '../../../../contract/payments';
import { request } from '../../../lib/http';

/** What staff set on a method; amounts in minor units of its currency. */
export type PaymentMethodFields = {
  kind: PaymentMethodKind;
  name: string;
  currency: string;
  directions: PaymentDirection[];
  fee_bps: number;
  fee_fixed: number;
  min_amount: number;
  max_amount: number | null;
  eta_hours: number;
  enabled: boolean;
};

/** POST /api/admin/payment-methods, or PATCH /api/admin/payment-methods/{id} (the currency of a method stays). */
export function savePaymentMethod(id: number | null, fields: PaymentMethodFields): Promise<PaymentMethod> {
  if (id === null) return request<PaymentMethod>('/api/admin/payment-methods', { method: 'POST', body: fields });
  const { currency: _fixed, ...changes } = fields;
  return request<PaymentMethod>(`/api/admin/payment-methods/${id}`, { method: 'PATCH', body: changes });
}
