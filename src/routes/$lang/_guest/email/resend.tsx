import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/email/resend')({
  component: lazyScreen(() => import('../../../../features/auth/ResendVerificationScreen'), 'ResendVerificationScreen'),
});
