import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy';

const ArticleScreen = lazyScreen(() => import('../../../../features/articles/ArticleScreen'), 'ArticleScreen');

export const Route = createFileRoute('/$lang/_auth/articles/$slug')({
  component: function ArticleRoute() {
    const { slug } = Route.useParams();
    return <ArticleScreen slug={slug} />;
  },
});
