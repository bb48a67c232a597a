import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useId } from 'react';
import { selectAgentName, selectIsOpen, selectUnread } from '../../../machines/chat/chat.selectors';
import { selectFullName } from '../../../machines/session/session.selectors';
import { DEFAULT_AGENT_NAME } from '../../../contract/chat';
import type { User } from '../../../contract/user';
import { intlLocale } from '../../../contract/locales';
import { chatPresenceName } from '../../../contract/support';
import { realtime } from '../../lib/realtime';
import { RECONNECT_DELAYS_MS } from '../../lib/reconnect';
import { useSupportStatus } from '../../ui/chat/support-status';
import { useLang } from '../../lib/use-lang';
import { ChatIcon } from '../../ui/icons/ChatIcon';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { OfficeHoursText } from '../../ui/chat/OfficeHoursText';
import { createRoom } from './api/create-room';
import { findRoom } from './api/find-room';
import { LoadingState } from '../../ui/LoadingState';
import { ChatTicketNotice } from './ChatTicketNotice';
import { type ChatActor, useChatActor } from './use-chat';
import './chat.css';

// The conversation (composer, attachments, canned replies) loads when the chat is first opened, or
// when the pointer or focus reaches the launcher: the first paint of a signed-in screen does not
// wait for it (docs/adr/0100).
const loadConversation = () => import('./ChatConversation');
const ChatConversation = lazy(() => loadConversation().then((module) => ({ default: module.ChatConversation })));

/** Seed: the live-chat widget of the main layout, for signed-in users who are not admins. */
export function ChatWidget({ user }: { user: User }) {
  const actor = useChatActor(
    { user: { id: user.id, name: selectFullName(user) }, side: 'client' },
    { findRoom, createRoom: () => createRoom(user) },
  );
  useUnreadInTitle(actor);
  useRoomPresence(actor);
  return <ChatWidgetView actor={actor} email={user.email} />;
}

/**
 * The client is "online" for staff while the app is open: the widget joins its room's presence
 * channel; the hub's webhooks record it (docs/realtime.md, "What support sees").
 */
function useRoomPresence(actor: ChatActor): void {
  const roomId = useSelector(actor, (s) => s.context.room?.id ?? null);
  useEffect(() => {
    if (roomId === null) return;
    return realtime.subscribe(chatPresenceName(roomId), { catchUp: null }, { presence: true, retryDelays: RECONNECT_DELAYS_MS });
  }, [roomId]);
}

/**
 * Under the header: support is online now; or away within office hours (an answer comes soon); or
 * closed, with when it opens in the user's own time zone. Each with the away message and the hours.
 */
function SupportStatusLine() {
  const status = useSupportStatus({ live: true });
  const lang = useLang();
  if (!status) return null;
  if (status.availability === 'online') {
    return (
      <p className="chat-support-status" data-testid="support-status" data-availability="online">
        <span className="presence presence-online">
          <span className="presence-dot" aria-hidden="true" />
          <Trans>Support is online</Trans>
        </span>
      </p>
    );
  }
  const opens = status.opens_at ? new Date(status.opens_at) : null;
  const when = opens ? new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(opens) : null;
  return (
    <p className="chat-support-status" data-testid="support-status" data-availability={status.availability}>
      <span className={`presence presence-${status.availability}`}>
        <span className="presence-dot" aria-hidden="true" />
        {status.availability === 'away' ? (
          <Trans>Within office hours: a manager will answer soon.</Trans>
        ) : when ? (
          <Trans>Outside office hours. Support opens {when}, your time.</Trans>
        ) : (
          <Trans>Outside office hours.</Trans>
        )}
      </span>{' '}
      {status.office_hours.away_message[lang]}{' '}
      <Trans>
        Office hours: <OfficeHoursText hours={status.office_hours} />.
      </Trans>
    </p>
  );
}

function ChatWidgetView({ actor, email }: { actor: ChatActor; email?: string }) {
  const { t } = useLingui();
  const open = useSelector(actor, selectIsOpen);
  const unread = useSelector(actor, selectUnread);
  const agentName = useSelector(actor, selectAgentName);
  // The seed's default name is stored in English: shown in the user's language.
  const agent = agentName && agentName !== DEFAULT_AGENT_NAME ? agentName : t`Support`;
  const panelId = useId();
  const titleId = useId();
  const launcherLabel =
    unread > 0
      ? plural(unread, { one: 'Support chat, # new message', other: 'Support chat, # new messages' })
      : t`Support chat`;

  return (
    <div className="chat-widget">
      <section
        id={panelId}
        className="chat-panel card"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') actor.send({ type: 'chat.close' });
        }}
      >
        <header className="chat-header">
          <span className="chat-header-avatar" aria-hidden="true">
            <ChatIcon size={18} />
          </span>
          <div className="chat-header-text">
            <h2 id={titleId} className="chat-title">
              {agent}
            </h2>
            <p className="chat-subtitle">
              <Trans>Your personal manager</Trans>
            </p>
          </div>
          <button type="button" className="icon-btn" aria-label={t`Close the chat`} onClick={() => actor.send({ type: 'chat.close' })}>
            <CloseIcon />
          </button>
        </header>
        {open ? <SupportStatusLine /> : null}
        {open && email ? <ChatTicketNotice actor={actor} email={email} /> : null}
        {open ? (
          <Suspense fallback={<LoadingState />}>
            <ChatConversation actor={actor} otherName={agent} emptyText={t`Ask us anything: a manager answers here.`} />
          </Suspense>
        ) : null}
      </section>
      <button
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={launcherLabel}
        onPointerEnter={() => void loadConversation()}
        onFocus={() => void loadConversation()}
        onClick={() => actor.send({ type: 'chat.toggle' })}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        {unread > 0 && !open ? (
          <span className="chat-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
    </div>
  );
}

/** While the tab is in the background, the title starts with the number of new messages. */
function useUnreadInTitle(actor: ChatActor): void {
  const unread = useSelector(actor, selectUnread);
  const hidden = useSelector(actor, (s) => !s.context.pageVisible);
  useEffect(() => {
    if (!hidden || unread === 0) return;
    const base = document.title.replace(/^\(\d+\+?\) /, '');
    document.title = `(${unread > 99 ? '99+' : unread}) ${base}`;
    return () => {
      document.title = document.title.replace(/^\(\d+\+?\) /, '');
    };
  }, [hidden, unread]);
}
