import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { articlesQuery } from './api/get-articles';
import { ArticleList, ArticleSkeletons } from './ArticleList';
import { LoadError } from '../../ui/LoadError';
import './articles.css';

/** The articles in the current language: skeletons while loading, a retry when loading failed. */
export function ArticlesFeed({ tiles, limit, headingLevel }: { tiles: boolean; limit?: number; headingLevel: 2 | 3 }) {
  const lang = useLang();
  const query = useQuery(articlesQuery(lang), queryClient);

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          <Trans>Loading articles…</Trans>
        </p>
        <ArticleSkeletons tiles={tiles} count={limit ?? 6} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} className="articles-error">
        <Trans>The articles could not be loaded.</Trans>
      </LoadError>
    );
  }
  const articles = limit ? query.data.slice(0, limit) : query.data;
  if (articles.length === 0) {
    return (
      <p className="field-hint">
        <Trans>No articles in this language yet.</Trans>
      </p>
    );
  }
  return <ArticleList articles={articles} tiles={tiles} headingLevel={headingLevel} />;
}
