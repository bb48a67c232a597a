import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { ChatIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/PageHeader';

export function AdminChatsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Chats`);
  return (
    <EmptyState icon={<ChatIcon />} title={t`No conversations yet`}>
      <p>
        <Trans>Conversations with clients appear here as soon as a client writes to support.</Trans>
      </p>
    </EmptyState>
  );
}
