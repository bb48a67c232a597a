import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { NotificationEvent, NotificationPreference } from '../../../contract/notifications';
import { queryClient, showLatest } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { notificationKeys } from './api/fetch-notifications';
import { notificationPreferencesQuery, saveNotificationPreference } from './api/notification-preferences';
import { useNotificationWords } from './notification-text';
import './notifications.css';

type Change = { event: NotificationEvent; in_app: boolean; email: boolean };

function without<K, V>(map: ReadonlyMap<K, V>, key: K): ReadonlyMap<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

/** Settings → Notifications: per event, in the app and by e-mail; security mails stay on. */
export function NotificationSettingsScreen() {
  const { t } = useLingui();
  usePageTitle(t`Notifications`);
  const preferences = useQuery(notificationPreferencesQuery(), queryClient);
  if (preferences.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden" role="status">
          <Trans>Loading your settings…</Trans>
        </span>
        <Skeleton width="100%" height={320} radius="var(--radius-lg)" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <LoadError onRetry={() => void preferences.refetch()}>
        <Trans>Your settings could not be loaded.</Trans>
      </LoadError>
    );
  }
  return <PreferencesTable preferences={preferences.data} />;
}

function PreferencesTable({ preferences }: { preferences: NotificationPreference[] }) {
  const { t } = useLingui();
  const { eventName } = useNotificationWords();
  const lockedId = useId();
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  // What the person just switched shows at once, in the same frame as the click: a change held
  // only in the query cache reaches the screen a task later, so the box would flick back first.
  const [switched, setSwitched] = useState<ReadonlyMap<NotificationEvent, Change>>(new Map());
  const save = useMutation(
    {
      mutationFn: saveNotificationPreference,
      onSuccess: async (saved) => {
        await showLatest(notificationKeys.preferences, saved);
        setStatus('saved');
      },
      onError: () => {
        setStatus('failed');
        return queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
      },
      onSettled: (_data, _error, change) =>
        // A later switch of the same event stays until its own answer.
        setSwitched((held) => (held.get(change.event) === change ? without(held, change.event) : held)),
    },
    queryClient,
  );
  const change = (next: Change) => {
    setStatus('idle');
    setSwitched((held) => new Map(held).set(next.event, next));
    save.mutate(next);
  };

  return (
    <section className="card card-body" aria-labelledby={`${lockedId}-title`}>
      <header className="section-header">
        <h2 id={`${lockedId}-title`} className="section-title">
          <Trans>Notifications</Trans>
        </h2>
        <p className="section-lead">
          <Trans>Choose how each event reaches you: in the app (the bell at the top) and by e-mail. Changes are saved at once.</Trans>
        </p>
      </header>
      <table className="notification-settings">
        <thead>
          <tr>
            <th scope="col">{t`Event`}</th>
            <th scope="col" className="notification-switch">
              {t`In the app`}
            </th>
            <th scope="col" className="notification-switch">
              {t`E-mail`}
            </th>
          </tr>
        </thead>
        <tbody>
          {preferences.map((held) => {
            const p = { ...held, ...switched.get(held.event) };
            const name = eventName(p.event);
            return (
              <tr key={p.event}>
                <th scope="row">
                  {name}
                  {p.email_locked ? (
                    <span className="notification-locked" id={`${lockedId}-${p.event}`}>
                      <Trans>Security e-mails are always sent: they are how you learn that someone else is in your account.</Trans>
                    </span>
                  ) : null}
                </th>
                <td className="notification-switch">
                  <input
                    type="checkbox"
                    aria-label={t`${name}: in the app`}
                    checked={p.in_app}
                    onChange={(event) => change({ event: p.event, in_app: event.target.checked, email: p.email })}
                  />
                </td>
                <td className="notification-switch">
                  <input
                    type="checkbox"
                    aria-label={t`${name}: by e-mail`}
                    aria-describedby={p.email_locked ? `${lockedId}-${p.event}` : undefined}
                    checked={p.email}
                    disabled={p.email_locked}
                    onChange={(event) => change({ event: p.event, in_app: p.in_app, email: event.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p role="status" className="notification-panel-note">
        {status === 'saved' ? t`Saved.` : status === 'failed' ? t`Not saved. Please try again.` : ''}
      </p>
    </section>
  );
}
