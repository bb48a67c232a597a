import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { PageHeader } from '../../ui/PageHeader';
import { ArticlesFeed } from './ArticlesFeed';
import { ViewToggle } from './ArticleList';
import { useTileView } from './use-tile-view';

export function ArticlesScreen() {
  const { t } = useLingui();
  usePageTitle(t`Articles`);
  const [tiles, setTiles] = useTileView();
  return (
    <>
      <PageHeader
        title={t`News and education`}
        lead={t`Market news, analysis and trading lessons from our analysts.`}
        actions={<ViewToggle tiles={tiles} onChange={setTiles} />}
      />
      <ArticlesFeed tiles={tiles} headingLevel={2} />
    </>
  );
}
