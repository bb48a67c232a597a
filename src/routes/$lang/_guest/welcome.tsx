import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy';

export const Route = createFileRoute('/$lang/_guest/welcome')({
  component: lazyScreen(() => import('../../../features/welcome/WelcomeScreen'), 'WelcomeScreen'),
});
