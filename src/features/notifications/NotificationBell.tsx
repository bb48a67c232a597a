import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { queryClient } from '../../data/query-client';
import { BellIcon } from '../../ui/icons/BellIcon';
import { unreadCountQuery } from './api/fetch-unread-count';
import { NotificationPanel } from './NotificationPanel';
import { useNotificationsLive } from './use-notifications-live';
import './notifications.css';

/** The navbar's bell: the unread count (in its accessible name too) and the panel it opens. */
export function NotificationBell() {
  const { t } = useLingui();
  useNotificationsLive();
  const unread = useQuery(unreadCountQuery(), queryClient).data ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const label = unread > 0 ? plural(unread, { one: 'Notifications, # unread', other: 'Notifications, # unread' }) : t`Notifications`;
  return (
    <div className="notification-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="notification-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? <NotificationPanel id={panelId} unread={unread} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
