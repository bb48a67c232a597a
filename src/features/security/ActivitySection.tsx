import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SecurityEvent } from '../../../contract/security-activity';
import { queryClient } from '../../data/query-client';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { Pager } from '../../ui/Pager';
import { StatusBadge } from '../../ui/StatusBadge';
import { SettingsSection } from '../settings';
import { securityActivityQuery } from './api/security-activity-calls';

/** Settings → Security: sign-ins that worked or failed and security changes, 90 days, in the reader's zone (docs/adr/0088). */
export function ActivitySection() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const activity = useQuery({ ...securityActivityQuery(page), placeholderData: keepPreviousData }, queryClient);
  const meta = activity.data?.meta;
  return (
    <SettingsSection title={t`Recent activity`} lead={t`Sign-ins to your account and changes to its security in the last 90 days. Something you do not recognise? Change your password and sign out the other devices.`}>
      {activity.isError ? (
        <LoadError onRetry={() => void activity.refetch()} retrying={activity.isFetching}>
          <Trans>Your recent activity could not be loaded.</Trans>
        </LoadError>
      ) : !activity.data ? (
        <LoadingState />
      ) : activity.data.data.length === 0 ? (
        <p className="field-hint">
          <Trans>Nothing in the last 90 days.</Trans>
        </p>
      ) : (
        <>
          <ul className="activity-list" aria-label={t`Recent activity`} aria-busy={activity.isFetching}>
            {activity.data.data.map((event) => (
              <ActivityItem key={event.id} event={event} />
            ))}
          </ul>
          {meta ? (
            <div className="activity-footer">
              <Pager page={meta.current_page} lastPage={meta.last_page} onPage={setPage} />
            </div>
          ) : null}
        </>
      )}
    </SettingsSection>
  );
}

function ActivityItem({ event }: { event: SecurityEvent }) {
  const { t, i18n } = useLingui();
  const when = i18n.date(new Date(event.created_at), { dateStyle: 'medium', timeStyle: 'short' });
  const titles: Record<SecurityEvent['kind'], string> = {
    sign_in: t`Signed in`,
    sign_in_failed: t`Sign-in refused`,
    password_changed: t`Password changed`,
    password_reset: t`Password reset by e-mail`,
    email_changed: t`E-mail address changed`,
    totp_enabled: t`Authenticator app turned on`,
    totp_disabled: t`Authenticator app turned off`,
    recovery_codes_renewed: t`New recovery codes made`,
    passkey_added: t`Passkey added`,
    passkey_removed: t`Passkey removed`,
    devices_forgotten: t`Remembered devices forgotten`,
    not_me: t`“This wasn’t me”: signed out everywhere`,
  };
  const reasons = { password: t`wrong password`, second_factor: t`wrong second-factor code`, passkey: t`passkey not accepted` };
  const failed = event.kind === 'sign_in_failed';
  const facts = [event.passkey, event.reason ? reasons[event.reason] : null, event.device, event.ip].filter(Boolean).join(' · ');
  return (
    <li className="activity-item">
      <div className="activity-head">
        <span className="activity-title">{titles[event.kind]}</span>
        {event.kind === 'sign_in' ? <StatusBadge tone="success">{t`Success`}</StatusBadge> : failed ? <StatusBadge tone="danger">{t`Failed`}</StatusBadge> : null}
      </div>
      <div className="activity-facts">
        <time dateTime={event.created_at}>{when}</time>
        {facts ? <span className="activity-device">{facts}</span> : null}
      </div>
    </li>
  );
}
