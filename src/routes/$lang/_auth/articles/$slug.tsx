import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { lazyScreen } from '../../../../lib/lazy';

const ArticleScreen = lazyScreen(() => import('../-screens').then((screens) => screens.ArticleScreen()), 'ArticleScreen');

export const Route = createFileRoute('/$lang/_auth/articles/$slug')({
  loader: ({ context, params }) => context.load('articles', params.lang as Locale),
  component: function ArticleRoute() {
    const { slug } = Route.useParams();
    return <ArticleScreen slug={slug} />;
  },
});
