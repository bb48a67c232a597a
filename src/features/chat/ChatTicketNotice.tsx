import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { type ChatTicketNotice as Notice, chatChannel, ROOM_TICKET_EVENT } from '../../../contract/chat';
import { realtime } from '../../lib/realtime';
import { RECONNECT_DELAYS_MS } from '../../lib/reconnect';
import { useLang } from '../../lib/use-lang';
import { fetchChatTicket } from './api/fetch-chat-ticket';
import type { ChatActor } from './use-chat';

/**
 * The room's chat ticket (docs/adr/0087): read when the room is known and at each (re)subscription,
 * then live from `room.ticket`. A failed read shows nothing: the chat itself is unaffected.
 */
function useChatTicket(actor: ChatActor): Notice['ticket'] {
  const roomId = useSelector(actor, (s) => s.context.room?.id ?? null);
  const [ticket, setTicket] = useState<Notice['ticket']>(null);
  useEffect(() => {
    if (roomId === null) return;
    let live = true;
    const read = () =>
      void fetchChatTicket(roomId).then(
        (notice) => live && setTicket(notice.ticket),
        () => {},
      );
    const unsubscribe = realtime.subscribe(chatChannel(roomId), {
      events: { [ROOM_TICKET_EVENT]: (notice: Notice) => setTicket(notice.ticket) },
      catchUp: read,
    }, { private: true, retryDelays: RECONNECT_DELAYS_MS });
    read();
    return () => {
      live = false;
      unsubscribe();
    };
  }, [roomId]);
  return ticket;
}

/** Under the support status: the client's messages went to ticket T-xxxxxx, answered by e-mail as well. */
export function ChatTicketNotice({ actor, email }: { actor: ChatActor; email: string }) {
  const ticket = useChatTicket(actor);
  const lang = useLang();
  // The live region is there before the notice, so its arrival is announced (politely: the chat's own statuses stay first).
  return (
    <div aria-live="polite">
      {ticket ? (
        <p className="chat-ticket-notice" data-testid="chat-ticket-notice">
          <Trans>
            Nobody from support is online, so your message became ticket{' '}
            <a href={`/${lang}/tickets/${ticket.id}`} className="chat-ticket-link">
              {ticket.number}
            </a>
            . The answer will come here and by e-mail to {email}.
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
