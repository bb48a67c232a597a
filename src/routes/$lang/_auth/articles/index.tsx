import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { lazyScreen } from '../../../../lib/lazy';
import { preload } from '../../../../lib/preload';

export const Route = createFileRoute('/$lang/_auth/articles/')({
  loader: ({ context, params }) =>
    preload(context, (client) => import('../../../../features/articles/api/get-articles').then((m) => client.ensureQueryData(m.articlesQuery(params.lang as Locale)))),
  component: lazyScreen(() => import('../../../../features/articles/ArticlesScreen'), 'ArticlesScreen'),
});
