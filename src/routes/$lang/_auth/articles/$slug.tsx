import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { lazyScreen } from '../../../../lib/lazy';
import { preload } from '../../../../lib/preload';

const ArticleScreen = lazyScreen(() => import('../../../../features/articles/ArticleScreen'), 'ArticleScreen');

export const Route = createFileRoute('/$lang/_auth/articles/$slug')({
  loader: ({ context, params }) =>
    preload(context, (client) => import('../../../../features/articles/api/get-articles').then((m) => client.ensureQueryData(m.articlesQuery(params.lang as Locale)))),
  component: function ArticleRoute() {
    const { slug } = Route.useParams();
    return <ArticleScreen slug={slug} />;
  },
});
