/** The wallet feature's public entry: what other features may import (eslint.config.js). */
export { DIRECTION_LABELS, etaText, PAYMENT_KIND_LABELS } from './payment-labels';
export { paymentMethodsKeys } from './api/fetch-payment-methods';
export { usePaymentFacts } from './PaymentMethodPicker';
export { createIdempotentPoster } from './api/idempotent-post';
