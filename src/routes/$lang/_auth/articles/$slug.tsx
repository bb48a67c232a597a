import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { lazyScreen } from '../../../../lib/lazy';

const ArticleScreen = lazyScreen(() => import('../../../../features/articles/ArticleScreen'), 'ArticleScreen');

export const Route = createFileRoute('/$lang/_auth/articles/$slug')({
  // The data loads with the screen's code, before the switch.
  loader: ({ params }) => import('../../../../features/articles/preload').then((m) => m.preloadArticles(params.lang as Locale)),
  component: function ArticleRoute() {
    const { slug } = Route.useParams();
    return <ArticleScreen slug={slug} />;
  },
});
