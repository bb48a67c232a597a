import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/articles/')({
  // The data loads with the screen's code, before the switch.
  loader: ({ params }) => import('../../../../features/articles/preload').then((m) => m.preloadArticles(params.lang as Locale)),
  component: lazyScreen(() => import('../../../../features/articles/ArticlesScreen'), 'ArticlesScreen'),
});
