import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { intlLocale } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { AlertIcon } from '../../ui/icons/AlertIcon';
import { EmptyState } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { articlesQuery } from './api/get-articles';
import { useCategoryLabel } from './ArticleList';
import { renderMarkdown } from './markdown';
import './articles.css';
import { LoadError } from '../../ui/LoadError';

/**
 * One article in a reading layout. Stories share their slug across languages, so switching the
 * language keeps the same article open, now in the other language.
 */
export function ArticleScreen({ slug }: { slug: string }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const query = useQuery(articlesQuery(lang), queryClient);
  const article = query.data?.find((a) => a.slug === slug);
  const categoryLabel = useCategoryLabel();
  // markdown-it escapes any HTML in the source (html: false), so this markup holds only what
  // Markdown itself produces.
  const html = useMemo(() => (article ? renderMarkdown(article.body) : ''), [article]);
  usePageTitle(article?.title ?? t`Articles`);

  const back = (
    <Link to="/$lang/articles" params={{ lang }} className="article-back">
      ← <Trans>All articles</Trans>
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="article-page" aria-busy="true">
        <p className="visually-hidden" role="status">
          <Trans>Loading the article…</Trans>
        </p>
        <Skeleton width={100} height={16} />
        <Skeleton width="80%" height={40} />
        <Skeleton width="100%" height={200} />
        <Skeleton width="100%" height={100} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="article-page">
        {back}
        <LoadError onRetry={() => void query.refetch()} className="articles-error">
          <Trans>The article could not be loaded.</Trans>
        </LoadError>
      </div>
    );
  }
  if (!article) {
    return (
      <div className="article-page">
        {back}
        <EmptyState icon={<AlertIcon />} title={t`Article not found`}>
          <p>
            <Trans>This article is not available in this language, or it has been removed.</Trans>
          </p>
        </EmptyState>
      </div>
    );
  }
  return (
    <article className="article-page" lang={intlLocale(lang)}>
      {back}
      <p className="article-meta">
        <span className={`article-category article-category-${article.category}`}>{categoryLabel(article.category)}</span>
        <time dateTime={article.published_at}>{i18n.date(new Date(article.published_at), { dateStyle: 'long', timeStyle: 'short' })}</time>
      </p>
      <h1 className="article-page-title">{article.title}</h1>
      <p className="article-page-lead">{article.excerpt}</p>
      <img className="article-page-cover" src={article.cover_image} alt="" width={800} height={450} />
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
