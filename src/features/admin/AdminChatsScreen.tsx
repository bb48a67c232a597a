import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectFullName, selectUser } from '../../../machines/session/session.selectors';
import type { AdminRoom } from '../../../contract/chat';
import type { User } from '../../../contract/user';
import { fetchMessagesAfter, ChatConversation, MessageTime, useChatActor } from '../chat';
import { usePageTitle } from '../../lib/page-title';
import { useRuntime } from '../../lib/runtime-context';
import { ChatIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/PageHeader';
import { useAdminRooms } from './use-admin-rooms';

const clientName = (room: AdminRoom) => selectFullName(room.client) || room.client.email;

/** admin.chats: every client's room, newest activity first, and the open conversation. */
export function AdminChatsScreen() {
  const { t, i18n } = useLingui();
  const user = useSelector(useRuntime().session, selectUser);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { rooms, failed } = useAdminRooms(search);
  // The tab's title counts the unread client messages, so staff in another tab see new ones come.
  const unread = rooms?.reduce((sum, room) => sum + room.unread_count, 0) ?? 0;
  usePageTitle(unread > 0 ? `(${i18n.number(unread)}) ${t`Chats`}` : t`Chats`);
  const selected = rooms?.find((room) => room.id === selectedId) ?? null;

  if (rooms && rooms.length === 0 && !search) {
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
            <Trans>No conversation matches your search.</Trans>
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
                    {room.last_message?.message ?? t`No messages yet`}
                  </span>
                  {room.unread_count > 0 ? (
                    <span className="admin-room-unread">
                      <span aria-hidden="true">{room.unread_count}</span>
                      <span className="visually-hidden">{plural(room.unread_count, { one: '# unread', other: '# unread' })}</span>
                    </span>
                  ) : (
                    <span />
                  )}
                  <span className="admin-room-email">{room.client.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-chat-pane" aria-label={t`Conversation`}>
        {selected && user ? (
          <AdminConversation key={selected.id} room={selected} staff={user} onBack={() => setSelectedId(null)} />
        ) : (
          <p className="admin-chat-empty">
            <Trans>Choose a conversation to read and reply.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}

function AdminConversation({ room, staff, onBack }: { room: AdminRoom; staff: User; onBack: () => void }) {
  const { t } = useLingui();
  const name = clientName(room);
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
      }),
      createRoom: () => Promise.reject(new Error('staff answer existing rooms only')),
    },
  );
  useEffect(() => {
    actor.send({ type: 'chat.open' });
  }, [actor]);
  return (
    <>
      <header className="chat-header">
        <button type="button" className="btn btn-ghost admin-chat-back" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <div className="chat-header-text">
          <h2 className="chat-title">{name}</h2>
          <p className="chat-subtitle">{room.client.email}</p>
        </div>
      </header>
      <ChatConversation actor={actor} otherName={name} emptyText={t`No messages yet`} />
    </>
  );
}
