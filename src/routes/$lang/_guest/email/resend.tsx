import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/email/resend')({
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' ? { email: search.email } : {},
  component: lazyScreen(() => import('../../../../features/auth/ResendVerificationScreen'), 'ResendVerificationScreen'),
});
