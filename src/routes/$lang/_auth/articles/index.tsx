import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/articles/')({
  component: lazyScreen(() => import('../../../../features/articles/ArticlesScreen'), 'ArticlesScreen'),
});
