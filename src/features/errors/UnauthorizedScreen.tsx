import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { ErrorLayout } from '../../ui/layouts/ErrorLayout';

export function UnauthorizedScreen() {
  const { t } = useLingui();
  const lang = useLang();
  usePageTitle(t`Access denied`);
  return (
    <ErrorLayout code="403" title={t`Access denied`} text={t`Your account does not have access to this page.`}>
      <Link to="/$lang/home" params={{ lang }} className="btn btn-primary">
        <Trans>Go to the client area</Trans>
      </Link>
    </ErrorLayout>
  );
}
