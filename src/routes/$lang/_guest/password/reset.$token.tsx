import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/password/reset/$token')({
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' ? { email: search.email } : {},
  component: lazyScreen(() => import('../../../../features/auth/PasswordResetScreen'), 'PasswordResetScreen'),
});
