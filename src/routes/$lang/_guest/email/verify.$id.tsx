import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/email/verify/$id')({
  validateSearch: (search: Record<string, unknown>): { expires?: string; signature?: string } => ({
    ...(search.expires !== undefined ? { expires: String(search.expires) } : {}),
    ...(typeof search.signature === 'string' ? { signature: search.signature } : {}),
  }),
  component: lazyScreen(() => import('../../../../features/auth/VerifyEmailScreen'), 'VerifyEmailScreen'),
});
