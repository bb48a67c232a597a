import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { selectFullName, selectUser } from '../../../machines/session/session.selectors';
import type { AdminRoom } from '../../../contract/chat';
import { isLocale } from '../../../contract/locales';
import type { User } from '../../../contract/user';
import { ClientPresence, fetchMessagesAfter, ChatConversation, MessageTime, type RoomFilter, useChatActor } from '../chat';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { ChatIcon } from '../../ui/icons/ChatIcon';
import { EmptyState } from '../../ui/PageHeader';
import { cannedRepliesQuery } from './api/canned-replies';
import { roomContextQuery } from './api/chat-rooms';
import { playAlert } from './alert-sound';
import { agentAlertsQuery } from './api/agent-alerts';
import { RoomActions } from './RoomActions';
import { RoomContextPanel } from './RoomContextPanel';
import { useAdminRooms } from './use-admin-rooms';
import './admin-chats.css';

const clientName = (room: AdminRoom) => selectFullName(room.client) || room.client.email;

/**
 * admin.chats: every client's room, newest activity first (open ones by default), and the open
 * conversation with its status, its holder and the client's context beside it.
 */
export function AdminChatsScreen() {
  const { t, i18n } = useLingui();
  const user = useSelector(useRuntime().session, selectUser);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<RoomFilter>('open');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The room as last seen: it stays open when a change of status takes it out of the list shown.
  const [held, setHeld] = useState<AdminRoom | null>(null);
  const { rooms, failed } = useAdminRooms(search, filter);
  // The tab's title counts the unread client messages, so staff in another tab see new ones come.
  const unread = rooms?.reduce((sum, room) => sum + room.unread_count, 0) ?? 0;
  usePageTitle(unread > 0 ? `(${i18n.number(unread)}) ${t`Chats`}` : t`Chats`);
  useAlertSound(user?.id ?? null, unread);
  const listed = rooms?.find((room) => room.id === selectedId) ?? null;
  const selected = listed ?? (held?.id === selectedId ? held : null);
  useEffect(() => {
    if (listed) setHeld(listed);
  }, [listed]);

  if (rooms && rooms.length === 0 && !search && filter === 'all') {
    return (
      <EmptyState icon={<ChatIcon />} title={t`No conversations yet`}>
        <p>
          <Trans>Conversations with clients appear here as soon as a client writes to support.</Trans>
        </p>
      </EmptyState>
    );
  }

  return (
    <div className="card admin-chats" data-view={selected ? 'room' : 'list'}>
      <section className="admin-chats-list" aria-label={t`Conversations`}>
        <div className="admin-chats-search">
          <label className="visually-hidden" htmlFor="admin-chats-search">
            <Trans>Search by name or e-mail</Trans>
          </label>
          <input
            id="admin-chats-search"
            className="input"
            type="search"
            placeholder={t`Search by name or e-mail`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SegmentedControl
            small
            label={t`Show conversations`}
            options={[
              { value: 'open', label: t({ message: 'Open', context: 'conversations filter' }) },
              { value: 'resolved', label: t({ message: 'Resolved', context: 'conversations filter' }) },
              { value: 'all', label: t({ message: 'All', context: 'conversations filter' }) },
            ]}
            value={filter}
            onChange={setFilter}
          />
        </div>
        {failed ? (
          <p className="admin-chat-empty" role="alert">
            <Trans>The conversations could not be loaded.</Trans>
          </p>
        ) : rooms === null ? (
          <p className="admin-chat-empty">
            <Trans>Loading…</Trans>
          </p>
        ) : rooms.length === 0 ? (
          <p className="admin-chat-empty">
            {search ? <Trans>No conversation matches your search.</Trans> : <Trans>No conversations here.</Trans>}
          </p>
        ) : (
          <ul className="admin-rooms">
            {rooms.map((room) => (
              <li key={room.id}>
                <button type="button" className="admin-room" aria-current={room.id === selectedId} onClick={() => setSelectedId(room.id)}>
                  <span className="admin-room-name">{clientName(room)}</span>
                  <span className="admin-room-time">
                    <MessageTime iso={room.last_message?.created_at ?? room.last_activity_at} />
                  </span>
                  <span className="admin-room-preview">
                    {room.last_message && room.last_message.user_id === user?.id ? <span className="admin-room-you">{t`You:`} </span> : null}
                    {room.last_message ? room.last_message.message || room.last_message.attachment?.file_name : t`No messages yet`}
                  </span>
                  {room.unread_count > 0 ? (
                    <span className="admin-room-unread">
                      <span aria-hidden="true">{room.unread_count}</span>
                      <span className="visually-hidden">{plural(room.unread_count, { one: '# unread', other: '# unread' })}</span>
                    </span>
                  ) : (
                    <span />
                  )}
                  <span className="admin-room-email">
                    <ClientPresence presence={room.client_presence} /> · {room.client.email}
                  </span>
                  <span className="admin-room-holder">
                    {room.status === 'resolved' ? <span className="admin-room-resolved">{t({ message: 'Resolved', context: 'conversation status' })} · </span> : null}
                    {room.assignee === null ? t`Unassigned` : room.assignee.id === user?.id ? t`Claimed by you` : t`Claimed by ${room.assignee.name}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-chat-pane" aria-label={t`Conversation`}>
        {selected && user ? (
          <AdminConversation key={selected.id} room={selected} staff={user} onBack={() => setSelectedId(null)} onChanged={setHeld} />
        ) : (
          <p className="admin-chat-empty">
            <Trans>Choose a conversation to read and reply.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}

/** A new unread client message, while this tab is in the background: the agent's sound, if they switched it on. */
function useAlertSound(staffId: number | null, unread: number): void {
  const last = useRef(unread);
  useEffect(() => {
    const grew = unread > last.current;
    last.current = unread;
    if (!grew || staffId === null || document.visibilityState !== 'hidden') return;
    // Asked only when it matters (the answer is kept for minutes): the setting follows the agent.
    queryClient
      .fetchQuery(agentAlertsQuery)
      .then((alerts) => alerts.sound && playAlert())
      .catch((error: unknown) => console.error('chat: alert settings not loaded', error));
  }, [unread, staffId]);
}

function AdminConversation({ room, staff, onBack, onChanged }: { room: AdminRoom; staff: User; onBack: () => void; onChanged: (room: AdminRoom) => void }) {
  const { t } = useLingui();
  const name = clientName(room);
  // Canned replies in the client's language (the context says which), offered after `/`.
  const context = useQuery(roomContextQuery(room.id), queryClient);
  const locale = context.data?.client.locale;
  const replies = useQuery({ ...cannedRepliesQuery(isLocale(locale) ? locale : undefined), enabled: isLocale(locale) }, queryClient);
  const actor = useChatActor(
    { user: { id: staff.id, name: selectFullName(staff) }, side: 'staff' },
    {
      findRoom: async () => ({
        id: room.id,
        name: room.name,
        agent_name: room.agent_name,
        user_id: room.user_id,
        message_all: await fetchMessagesAfter(room.id, 0),
        unread_count: 0,
        other_read_id: room.client_read_id,
      }),
      createRoom: () => Promise.reject(new Error('staff answer existing rooms only')),
    },
  );
  useEffect(() => {
    actor.send({ type: 'chat.open' });
  }, [actor]);
  return (
    <div className="admin-conversation">
      <div className="admin-conversation-main">
        <header className="chat-header admin-chat-header">
          <button type="button" className="btn btn-ghost admin-chat-back" onClick={onBack}>
            <Trans>Back</Trans>
          </button>
          <div className="chat-header-text">
            <h2 className="chat-title">{name}</h2>
            <p className="chat-subtitle">
              <ClientPresence presence={room.client_presence} />
            </p>
            <p className="chat-subtitle">{room.client.email}</p>
          </div>
          <RoomActions room={room} staffId={staff.id} onChanged={onChanged} />
        </header>
        <ChatConversation actor={actor} otherName={name} emptyText={t`No messages yet`} cannedReplies={replies.data ?? []} />
      </div>
      <RoomContextPanel roomId={room.id} />
    </div>
  );
}
