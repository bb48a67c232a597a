import { useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import '../../ui/styles/account.css';
import { CloseAccountSection } from './CloseAccountSection';
import { ExportSection } from './ExportSection';
import './privacy.css';

/** settings.privacy: export my data, close my account (docs/adr/0089). */
export function PrivacySettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Privacy`);
  return (
    <div className="settings-stack">
      <ExportSection />
      <CloseAccountSection />
    </div>
  );
}
