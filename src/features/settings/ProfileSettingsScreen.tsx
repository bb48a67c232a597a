import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectFullName, selectUser } from '../../../machines/session/session.selectors';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { Avatar } from '../../ui/shell/Avatar';
import { ConnectedAccounts } from './ConnectedAccounts';

export function ProfileSettingsScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Profile`);
  const user = useSelector(useRuntime().session, selectUser);
  if (!user) return null;
  return (
    <div className="settings-stack">
    <section className="card" aria-labelledby="profile-title">
      <div className="card-body" style={{ display: 'grid', gap: 'var(--space-5)' }}>
        <div className="profile">
          <Avatar user={user} />
          <div>
            <h2 id="profile-title" style={{ fontSize: 'var(--text-lg)' }}>
              {selectFullName(user)}
            </h2>
            <p className="field-hint">{user.email}</p>
          </div>
        </div>
        <dl className="form-row-2" style={{ margin: 0 }}>
          <Detail label={t`First name`} value={user.first_name} />
          <Detail label={t`Last name`} value={user.second_name} />
          <Detail label={t`E-mail`} value={user.email} />
          <Detail label={t`Registered`} value={i18n.date(new Date(user.created_at), { dateStyle: 'long' })} />
        </dl>
        <p className="field-hint">
          <Trans>To change your details, contact your personal manager.</Trans>
        </p>
      </div>
    </section>
    <ConnectedAccounts />
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="stat-label">{label}</dt>
      <dd style={{ margin: 0, fontWeight: 600, wordBreak: 'break-word' }}>{value}</dd>
    </div>
  );
}
