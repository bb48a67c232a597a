import { useActorRef } from '@xstate/react';
import { type RefObject, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { chatMachine, type ChatInput, pendingSends } from '../../../machines/chat/chat.machine';
import type { ChatRoom } from '../../../contract/chat';
import { fetchMessagesAfter } from './api/fetch-messages';
import { markRead } from './api/mark-read';
import { sendMessage } from './api/send-message';
import { roomConnection } from './connection';
import { loadSends, saveSends } from './outbox-storage';

export interface ChatEffects {
  findRoom(): Promise<ChatRoom | null>;
  createRoom(): Promise<ChatRoom>;
}

/**
 * One conversation's actor: the pure chat machine with its effects bound to the API and Echo.
 * Failures are logged only (seed, section 8); the machine shows them as state.
 */
export function useChatActor(input: Omit<ChatInput, 'pageVisible'>, effects: ChatEffects) {
  const [machine] = useState(() =>
    chatMachine.provide({
      actors: {
        findRoom: fromPromise(() => effects.findRoom()),
        createRoom: fromPromise(() => effects.createRoom()),
        sendMessage: fromPromise(({ input: { roomId, message, clientId } }) => sendMessage(roomId, message, input.user.id, clientId)),
        fetchMissed: fromPromise(({ input: { roomId, afterId } }) => fetchMessagesAfter(roomId, afterId)),
        connection: roomConnection,
      },
      actions: {
        reportRead: (_, report) => {
          if (report) markRead(report.roomId, report.lastId).catch((error: unknown) => console.error('chat: read marker not saved', error));
        },
      },
    }),
  );
  const actor = useActorRef(machine, { input: { ...input, pageVisible: document.visibilityState === 'visible' } });

  useEffect(() => {
    const onVisibility = () => actor.send({ type: document.visibilityState === 'visible' ? 'chat.pageVisible' : 'chat.pageHidden' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);

  useKeptSends(actor, input.user.id);
  return actor;
}

export type ChatActor = ReturnType<typeof useChatActor>;

/** Sends not stored yet survive a reload: restored once the room is known, saved whenever they change. */
function useKeptSends(actor: ChatActor, userId: number): void {
  useEffect(() => {
    let roomId: number | null = null;
    let saved = '';
    const subscription = actor.subscribe((snapshot) => {
      const room = snapshot.context.room;
      if (!room) return;
      if (roomId !== room.id) {
        roomId = room.id;
        const kept = loadSends(userId, room.id);
        saved = JSON.stringify(kept);
        // After this snapshot's subscribers have run.
        if (kept.length > 0) queueMicrotask(() => actor.send({ type: 'chat.restore', sends: kept }));
        return;
      }
      const sends = pendingSends(snapshot.context.entries);
      const next = JSON.stringify(sends);
      if (next === saved) return;
      saved = next;
      saveSends(userId, room.id, sends);
    });
    return () => subscription.unsubscribe();
  }, [actor, userId]);
}

/** Keeps the message list scrolled to the bottom when the machine says so. */
export function useScrollToBottom(actor: ChatActor, list: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const subscription = actor.on('chat.scrollToBottom', () => {
      // After React has rendered the new message.
      requestAnimationFrame(() => {
        const element = list.current;
        if (element) element.scrollTop = element.scrollHeight;
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, list]);
}
