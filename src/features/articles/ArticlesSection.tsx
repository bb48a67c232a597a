import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useLang } from '../../lib/use-lang';
import { ArticlesFeed } from './ArticlesFeed';
import { ViewToggle } from './ArticleList';
import { useTileView } from './use-tile-view';

/** Home: the newest articles below the accounts, with the layout switch and a link to them all. */
export function ArticlesSection() {
  const lang = useLang();
  const [tiles, setTiles] = useTileView();
  return (
    <section aria-labelledby="articles-title" className="articles-section">
      <div className="section-heading">
        <h2 id="articles-title">
          <Trans>News and education</Trans>
        </h2>
        <div className="section-heading-actions">
          <ViewToggle tiles={tiles} onChange={setTiles} />
          <Link to="/$lang/articles" params={{ lang }} className="btn btn-ghost">
            <Trans>All articles</Trans>
          </Link>
        </div>
      </div>
      <ArticlesFeed tiles={tiles} limit={3} headingLevel={3} />
    </section>
  );
}
