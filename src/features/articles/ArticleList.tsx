import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Article, ArticleCategory } from '../../../contract/articles';
import { useLang } from '../../lib/use-lang';
import { Skeleton } from '../../ui/Skeleton';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';

export function useCategoryLabel(): (category: ArticleCategory) => string {
  const { t } = useLingui();
  return (category) => ({ news: t`Market news`, education: t`Education`, analysis: t`Analysis` })[category];
}

/** Articles as tiles (cover on top) or as a list (cover beside); both link to the article. */
export function ArticleList({ articles, tiles, headingLevel }: { articles: Article[]; tiles: boolean; headingLevel: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const lang = useLang();
  const { i18n } = useLingui();
  const categoryLabel = useCategoryLabel();
  return (
    <ul className={tiles ? 'article-tiles' : 'article-rows'} data-testid="article-list" data-view={tiles ? 'tiles' : 'list'}>
      {articles.map((article) => (
        <li key={article.id} className="card article-card">
          <img className="article-cover" src={article.cover_image} alt="" width={800} height={450} loading="lazy" decoding="async" />
          <div className="article-card-text">
            <p className="article-meta">
              <span className={`article-category article-category-${article.category}`}>{categoryLabel(article.category)}</span>
              <time dateTime={article.published_at}>{i18n.date(new Date(article.published_at), { dateStyle: 'medium' })}</time>
            </p>
            <Heading className="article-title">
              <Link to="/$lang/articles/$slug" params={{ lang, slug: article.slug }} className="article-link">
                {article.title}
              </Link>
            </Heading>
            <p className="article-excerpt">{article.excerpt}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Placeholders in the shape of the chosen layout, at the seed's skeleton sizes (100 and 200). */
export function ArticleSkeletons({ tiles, count }: { tiles: boolean; count: number }) {
  return (
    <ul className={tiles ? 'article-tiles' : 'article-rows'} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="card article-card">
          {tiles ? <Skeleton width="100%" height={200} radius={0} /> : <Skeleton width={200} height={100} className="article-cover" />}
          <div className="article-card-text">
            <Skeleton width={100} height={14} />
            <Skeleton width="90%" height={22} />
            <Skeleton width="100%" height={40} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The tile/list switch. */
export function ViewToggle({ tiles, onChange }: { tiles: boolean; onChange: (tiles: boolean) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      small
      label={t`Article layout`}
      options={[
        {
          value: 'tiles',
          label: (
            <>
              <TilesIcon />
              <Trans>Tiles</Trans>
            </>
          ),
        },
        {
          value: 'list',
          label: (
            <>
              <ListIcon />
              <Trans>List</Trans>
            </>
          ),
        },
      ]}
      value={tiles ? 'tiles' : 'list'}
      onChange={(value) => onChange(value === 'tiles')}
    />
  );
}

const TilesIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <rect x="1" y="1" width="6" height="6" rx="1.5" />
    <rect x="9" y="1" width="6" height="6" rx="1.5" />
    <rect x="1" y="9" width="6" height="6" rx="1.5" />
    <rect x="9" y="9" width="6" height="6" rx="1.5" />
  </svg>
);

const ListIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <rect x="1" y="2" width="14" height="3" rx="1.5" />
    <rect x="1" y="7" width="14" height="3" rx="1.5" />
    <rect x="1" y="12" width="14" height="3" rx="1.5" />
  </svg>
);
