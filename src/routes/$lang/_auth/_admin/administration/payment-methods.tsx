import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/_admin/administration/payment-methods')({
  loader: ({ context }) => context.load('paymentMethods'),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.AdminPaymentMethodsScreen()), 'AdminPaymentMethodsScreen'),
});
