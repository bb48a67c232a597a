/** The wallet feature's public entry: what other features may import (eslint.config.js). */
export { DIRECTION_LABELS, etaText, PAYMENT_KIND_LABELS } from './payment-labels';
export { paymentMethodsKeys } from './api/fetch-payment-methods';
export { usePaymentFacts } from './PaymentMethodPicker';
export { paymentMethodsQuery } from './api/fetch-payment-methods';
export { createIdempotentPoster } from './api/idempotent-post';
export { PaymentMethodPicker } from './PaymentMethodPicker';
