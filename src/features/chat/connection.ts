import { fromCallback } from 'xstate';
import type { ChatEvent, ConnectionCommand } from '../../../machines/chat/chat.machine';
import type { ChatMessage } from '../../../contract/chat';
import {
  chatChannel,
  MESSAGE_FETCH_EVENT,
  MESSAGE_NEW_EVENT,
  ROOM_AGENT_EVENT,
  ROOM_READ_EVENT,
  type ChatSide,
  TYPING_WHISPER,
  type TypingSignal,
} from '../../../contract/chat';
import { realtime } from '../../lib/realtime';
import { RECONNECT_DELAYS_MS } from '../../lib/reconnect';
import { paced } from './whisper-pace';

/**
 * The chat machine's `connection` actor: the room's private channel on the shared socket
 * (src/lib/realtime.ts). One table from socket event to machine event; whispers go out on the
 * machine's command, paced (whisper-pace.ts) so that no burst of typing and sending exceeds the
 * hub's limit.
 */
export const roomConnection = fromCallback<ConnectionCommand, { roomId: number; user: { id: number; name: string } }>(
  ({ input, sendBack, receive }) => {
    let stopped = false;
    let whisper: (typing: boolean) => void = () => {};
    let stopPacing = () => {};
    const send = (event: ChatEvent) => {
      if (!stopped) sendBack(event);
    };

    const unsubscribe = realtime.subscribe(
      chatChannel(input.roomId),
      {
        events: {
          [MESSAGE_NEW_EVENT]: (data: { chatMessage: ChatMessage }) => send({ type: 'chat.messageReceived', message: data.chatMessage }),
          [MESSAGE_FETCH_EVENT]: () => send({ type: 'chat.fetchRequested' }),
          [ROOM_AGENT_EVENT]: (data: { agent_name: string }) => send({ type: 'chat.agentNamed', name: data.agent_name }),
          [ROOM_READ_EVENT]: (data: { side: ChatSide; last_read_id: number }) =>
            send({ type: 'chat.readReceived', side: data.side, lastReadId: data.last_read_id }),
        },
        whispers: {
          [TYPING_WHISPER]: (signal: TypingSignal) => send({ type: 'chat.typingReceived', signal }),
        },
        // Every (re)subscription, including after a reconnection: the machine loads what came meanwhile.
        catchUp: () => send({ type: 'chat.connected' }),
        error: (error) => console.error('chat channel error', error),
        ready: (link) => {
          link.onConnectionState((current) => {
            if (current !== 'connected') send({ type: 'chat.disconnected' });
          });
          const pacedWhisper = paced<boolean>((typing) => {
            if (link.connectionState() === 'connected') link.whisper(TYPING_WHISPER, { user: input.user, typing } satisfies TypingSignal);
          });
          whisper = pacedWhisper;
          stopPacing = () => pacedWhisper.cancel();
        },
      },
      {
        private: true,
        // The realtime settings could not be fetched (the server is restarting): try again, as the socket would.
        retryDelays: RECONNECT_DELAYS_MS,
        onUnavailable: (error) => console.error('realtime unavailable', error),
      },
    );

    receive((command) => whisper(command.typing));
    return () => {
      stopped = true;
      stopPacing();
      unsubscribe();
    };
  },
);
