import { fromCallback } from 'xstate';
import type { ChatEvent, ConnectionCommand } from '../../../machines/chat/chat.machine';
import type { ChatMessage } from '../../../contract/chat';
import {
  chatChannel,
  MESSAGE_FETCH_EVENT,
  MESSAGE_NEW_EVENT,
  ROOM_AGENT_EVENT,
  TYPING_WHISPER,
  type TypingSignal,
} from '../../../contract/chat';
import { type AppEcho, getEcho } from './echo';
import { RECONNECT_DELAYS_MS } from './reconnect';
import { paced } from './whisper-pace';

/**
 * The chat machine's `connection` actor: the room's private channel through Echo. One table
 * from socket event to machine event; whispers go out on the machine's command, paced
 * (whisper-pace.ts) so that no burst of typing and sending exceeds the hub's limit.
 */
export const roomConnection = fromCallback<ConnectionCommand, { roomId: number; user: { id: number; name: string } }>(
  ({ input, sendBack, receive }) => {
    const name = chatChannel(input.roomId);
    let stopped = false;
    let cleanup = () => {};
    let whisper: (typing: boolean) => void = () => {};
    const send = (event: ChatEvent) => {
      if (!stopped) sendBack(event);
    };

    const onEcho = (echo: AppEcho) => {
      if (stopped) return;
      const channel = echo.private(name);
      channel
        // Every (re)subscription, including after a reconnection.
        .subscribed(() => send({ type: 'chat.connected' }))
        .listen(`.${MESSAGE_NEW_EVENT}`, (data: { chatMessage: ChatMessage }) => send({ type: 'chat.messageReceived', message: data.chatMessage }))
        .listen(`.${MESSAGE_FETCH_EVENT}`, () => send({ type: 'chat.fetchRequested' }))
        .listen(`.${ROOM_AGENT_EVENT}`, (data: { agent_name: string }) => send({ type: 'chat.agentNamed', name: data.agent_name }))
        .listenForWhisper(TYPING_WHISPER, (signal: TypingSignal) => send({ type: 'chat.typingReceived', signal }))
        .error((error: unknown) => console.error('chat channel error', error));
      const connection = echo.connector.pusher.connection;
      const onState = ({ current }: { current: string }) => {
        if (current !== 'connected') send({ type: 'chat.disconnected' });
      };
      connection.bind('state_change', onState);
      const pacedWhisper = paced<boolean>((typing) => {
        if (connection.state === 'connected') channel.whisper(TYPING_WHISPER, { user: input.user, typing } satisfies TypingSignal);
      });
      whisper = pacedWhisper;
      cleanup = () => {
        pacedWhisper.cancel();
        connection.unbind('state_change', onState);
        echo.leave(name);
      };
    };

    // The realtime settings could not be fetched (the server is restarting): try again, as the socket would.
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attach = (): void =>
      void getEcho().then(onEcho, (error: unknown) => {
        console.error('realtime unavailable', error);
        if (!stopped) retry = setTimeout(attach, RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]);
      });
    attach();

    receive((command) => whisper(command.typing));
    return () => {
      stopped = true;
      clearTimeout(retry);
      cleanup();
    };
  },
);
