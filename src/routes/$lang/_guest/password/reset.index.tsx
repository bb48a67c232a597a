import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/password/reset/')({
  component: lazyScreen(() => import('../../../../features/auth/PasswordRequestScreen'), 'PasswordRequestScreen'),
});
