import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ErrorLayout } from '../../ui/layouts/ErrorLayout';

export function NotFoundScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Page not found`);
  return (
    <ErrorLayout code="404" title={t`Page not found`} text={t`The page you are looking for does not exist or has moved.`}>
      <Link to="/$lang/home" params={{ lang }} className="btn btn-primary">
        <Trans>Go to the client area</Trans>
      </Link>
    </ErrorLayout>
  );
}
