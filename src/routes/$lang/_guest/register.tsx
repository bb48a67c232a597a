import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/register')({
  component: lazyScreen(() => import('../../../features/auth/RegisterScreen'), 'RegisterScreen'),
});
