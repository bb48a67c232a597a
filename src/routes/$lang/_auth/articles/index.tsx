import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '../../../../../contract/locales';
import { lazyScreen } from '../../../../lib/lazy';

export const Route = createFileRoute('/$lang/_auth/articles/')({
  loader: ({ context, params }) => context.load('articles', params.lang as Locale),
  component: lazyScreen(() => import('../-screens').then((screens) => screens.ArticlesScreen()), 'ArticlesScreen'),
});
