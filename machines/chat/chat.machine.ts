import { assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { type ChatAttachment, type ChatMessage, type ChatRoom, type ChatSide, RESYNC_PAGE, type TypingSignal } from '../../contract/chat';

/** Seed: typing signalling stops this long after the last keystroke. */
export const TYPING_STOP_MS = 3000;
/** While typing goes on, "typing" is whispered again this often, so the other side's indicator does not expire. */
export const TYPING_REFRESH_MS = 2000;
/** The other side's indicator goes away by itself after this long without a signal (their tab may be gone). */
export const TYPING_EXPIRE_MS = 5000;
/** Seed: the view scrolls to the bottom this long after opening. */
export const SCROLL_DELAY_MS = 100;
/** A failed resync is tried again after this long. */
export const RESYNC_RETRY_MS = 3000;
export type EntryStatus = 'sent' | 'sending' | 'failed';

/** A message as the conversation shows it: a stored one, or one of ours on its way (or failed). */
export interface ChatEntry {
  /** Stable key: `m<id>` for stored messages, `local-<n>` for ours until stored. */
  key: string;
  id: number | null;
  message: string;
  user_id: number | null;
  created_at: string;
  /** 'sending': queued or on its way; ours are sent one at a time, in the order written. */
  status: EntryStatus;
  /** The id our app gave the send: the server stores it once however often it is sent. */
  clientId: string | null;
  /** The file a stored message carries (files are sent by upload, not through the outbox). */
  attachment: ChatAttachment | null;
}

/** A send of ours not yet stored, as kept in the browser across reloads. */
export interface PendingSend {
  clientId: string;
  message: string;
  at: string;
}

export interface ChatInput {
  user: { id: number; name: string };
  /** The client's own widget, or staff answering a room. */
  side: ChatSide;
  /** document.visibilityState at start. */
  pageVisible: boolean;
}

export interface ChatContext {
  user: { id: number; name: string };
  side: ChatSide;
  room: Pick<ChatRoom, 'id' | 'name' | 'agent_name' | 'user_id'> | null;
  entries: ChatEntry[];
  /**
   * The resync cursor: every message up to this id has been received in order (the room's
   * messages, then each resync's answer). Live events and our own sends do not move it: one
   * of ours may be stored after a message of theirs that we have not received yet.
   */
  cursor: number;
  draft: string;
  /** Messages from the other side that arrived while the conversation was not in view. */
  unread: number;
  /** How far the other side has read (`room.read`): our messages up to this id were seen. */
  otherReadId: number;
  /** Who is typing on the other side, while their signal holds. */
  typing: TypingSignal['user'] | null;
  /** The entry on its way. */
  sendingKey: string | null;
  nextLocal: number;
  /** The conversation panel is shown. */
  open: boolean;
  pageVisible: boolean;
}

export type ChatEvent =
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  | { type: 'chat.toggle' }
  | { type: 'chat.input'; value: string }
  | { type: 'chat.submit'; at: string; clientId: string }
  | { type: 'chat.retry'; key: string }
  | { type: 'chat.restore'; sends: PendingSend[] }
  | { type: 'chat.connected' }
  | { type: 'chat.disconnected' }
  | { type: 'chat.messageReceived'; message: ChatMessage }
  | { type: 'chat.fetchRequested' }
  | { type: 'chat.agentNamed'; name: string }
  | { type: 'chat.readReceived'; side: ChatSide; lastReadId: number }
  | { type: 'chat.typingReceived'; signal: TypingSignal }
  | { type: 'chat.pageHidden' }
  | { type: 'chat.pageVisible' };

export type ChatEmitted = { type: 'chat.scrollToBottom' };

/** What the machine tells its connection actor (the Echo channel). */
export type ConnectionCommand = { type: 'whisper'; typing: boolean };

export const chatEvents = {
  'chat.open': 'show the conversation; on the first open without a room, find it or else create it',
  'chat.close': 'hide the conversation',
  'chat.toggle': 'open when hidden, close when visible (the launcher)',
  'chat.input': 'the text field changed: keep the draft, whisper "typing" (stopped 3000 ms after the last keystroke)',
  'chat.submit':
    'queue the draft and clear the input (ignored when blank or without a room); `at` dates the pending message, `clientId` makes its sends one message',
  'chat.retry': 'send the failed messages again, in the order written',
  'chat.restore': 'sends kept in the browser from before a reload: queued again, unless already held',
  'chat.connected': 'the connection actor subscribed (again): fetch every message after the resync cursor; failed sends go again',
  'chat.disconnected': 'the connection dropped; the connection actor reconnects',
  'chat.messageReceived': '`message.new` arrived: add it (once), count it unread when not in view, scroll',
  'chat.fetchRequested': '`message.fetch` arrived (a message too big for a live event): resync',
  'chat.agentNamed': "`room.agent` arrived: the client's manager is now named",
  'chat.readReceived': '`room.read` arrived: the other side has read up to an id (never moves back; our own side\'s reads are ignored)',
  'chat.typingReceived': "the other side's typing whisper: show or hide the indicator, which also expires by itself",
  'chat.pageHidden': 'the tab went to the background: new messages count as unread (for the tab title)',
  'chat.pageVisible': 'the tab came back: an open conversation is read',
} as const satisfies Record<ChatEvent['type'], string>;

export const chatEmitted = {
  'chat.scrollToBottom': 'a new message is shown, or 100 ms after opening: the view scrolls to the bottom',
} as const satisfies Record<ChatEmitted['type'], string>;

const storedKey = (id: number) => `m${id}`;

function toEntry(message: ChatMessage): ChatEntry {
  return {
    key: storedKey(message.id),
    id: message.id,
    message: message.message,
    user_id: message.user_id,
    created_at: message.created_at,
    status: 'sent',
    clientId: message.client_id ?? null,
    attachment: message.attachment ?? null,
  };
}

/**
 * Adds stored messages once each, in id order, ahead of our pending ones. A pending send whose
 * client id arrives stored (its answer was lost, or it came back before its answer) goes.
 */
export function mergeMessages(entries: ChatEntry[], messages: readonly ChatMessage[]): ChatEntry[] {
  const known = new Set(entries.filter((e) => e.id !== null).map((e) => e.id));
  const fresh = messages.filter((m) => !known.has(m.id)).map(toEntry);
  if (fresh.length === 0) return entries;
  const arrived = new Set(fresh.map((e) => e.clientId).filter((id) => id !== null));
  const stored = [...entries.filter((e) => e.status === 'sent'), ...fresh].sort((a, b) => a.id! - b.id!);
  return [...stored, ...entries.filter((e) => e.status !== 'sent' && !(e.clientId !== null && arrived.has(e.clientId)))];
}

export const lastStoredId = (entries: readonly ChatEntry[]): number =>
  entries.reduce((max, e) => (e.id !== null && e.id > max ? e.id : max), 0);

const lastIdOf = (messages: readonly ChatMessage[], since: number) => messages.reduce((max, m) => Math.max(max, m.id), since);

/** Our sends not stored yet (queued, on their way or failed), to keep across a reload. */
export const pendingSends = (entries: readonly ChatEntry[]): PendingSend[] =>
  entries
    .filter((e) => e.status !== 'sent' && e.clientId !== null)
    .map((e) => ({ clientId: e.clientId!, message: e.message, at: e.created_at }));

/** A message of the other side: for a client anything not its own; for staff what the client wrote. */
export function isFromOtherSide(context: Pick<ChatContext, 'side' | 'user' | 'room'>, message: Pick<ChatMessage, 'user_id'>): boolean {
  if (context.side === 'client') return message.user_id !== context.user.id;
  return context.room !== null && message.user_id === context.room.user_id;
}

const inView = (context: Pick<ChatContext, 'open' | 'pageVisible'>) => context.open && context.pageVisible;

export interface ReadReport {
  roomId: number;
  lastId: number;
}

/** What to report as read when the conversation is in view; null when it is not, or nothing is stored. */
export function readReport(context: ChatContext): ReadReport | null {
  const lastId = lastStoredId(context.entries);
  return inView(context) && context.room && lastId > 0 ? { roomId: context.room.id, lastId } : null;
}

/** Nothing unread once the conversation is in view, and the server hears how far this side has read. */
const markSeen = ['clearUnreadIfSeen', { type: 'reportRead', params: ({ context }: { context: ChatContext }) => readReport(context) }] as const;

export const chatMachine = setup({
  types: {
    input: {} as ChatInput,
    context: {} as ChatContext,
    events: {} as ChatEvent,
    emitted: {} as ChatEmitted,
    tags: {} as 'loading' | 'live',
  },
  actors: {
    /** The caller's room, or null when there is none (404). */
    findRoom: fromPromise<ChatRoom | null, void>(async () => {
      throw new Error('findRoom not provided');
    }),
    createRoom: fromPromise<ChatRoom, void>(async () => {
      throw new Error('createRoom not provided');
    }),
    sendMessage: fromPromise<ChatMessage, { roomId: number; message: string; clientId: string | null }>(async () => {
      throw new Error('sendMessage not provided');
    }),
    fetchMissed: fromPromise<ChatMessage[], { roomId: number; afterId: number }>(async () => {
      throw new Error('fetchMissed not provided');
    }),
    /**
     * The realtime channel of the room: sends chat.connected / chat.disconnected /
     * chat.messageReceived / chat.typingReceived back, and whispers on ConnectionCommand.
     */
    connection: fromCallback<ConnectionCommand, { roomId: number; user: ChatContext['user'] }>(() => () => {}),
  },
  delays: { TYPING_STOP_MS, TYPING_REFRESH_MS, TYPING_EXPIRE_MS, SCROLL_DELAY_MS, RESYNC_RETRY_MS },
  guards: {
    isVisible: ({ context }) => context.open,
    found: (_, params: { room: ChatRoom | null }) => params.room !== null,
    canSubmit: ({ context }) => context.room !== null && context.draft.trim() !== '',
    canRetry: ({ context }, params: { key: string }) => context.entries.some((e) => e.key === params.key && e.status === 'failed'),
    hasFailed: ({ context }) => context.entries.some((e) => e.status === 'failed'),
    hasQueued: ({ context }) => context.entries.some((e) => e.status === 'sending'),
    nonEmpty: (_, params: { value: string }) => params.value.trim() !== '',
    isBlank: (_, params: { value: string }) => params.value.trim() === '',
    fullPage: (_, params: { count: number }) => params.count >= RESYNC_PAGE,
    isTypingSignal: ({ context }, params: { signal: TypingSignal }) => params.signal.typing && params.signal.user.id !== context.user.id,
    isFromOtherSide: ({ context }, params: { message: ChatMessage }) => isFromOtherSide(context, params.message),
    isHeld: ({ context }, params: { message: ChatMessage }) => context.entries.some((e) => e.id === params.message.id),
  },
  actions: {
    storeRoom: assign(({ context }, params: { room: ChatRoom }) => ({
      room: { id: params.room.id, name: params.room.name, agent_name: params.room.agent_name, user_id: params.room.user_id },
      entries: mergeMessages(context.entries, params.room.message_all),
      cursor: lastIdOf(params.room.message_all, context.cursor),
      unread: params.room.unread_count,
      otherReadId: Math.max(context.otherReadId, params.room.other_read_id),
    })),
    merge: assign({ entries: ({ context }, params: { messages: ChatMessage[] }) => mergeMessages(context.entries, params.messages) }),
    /** A resync's answer: everything after the cursor, in order, so the cursor moves to its end. */
    mergeResync: assign(({ context }, params: { messages: ChatMessage[] }) => ({
      entries: mergeMessages(context.entries, params.messages),
      cursor: lastIdOf(params.messages, context.cursor),
    })),
    noteRead: assign({
      otherReadId: ({ context }, params: { side: ChatSide; lastReadId: number }) =>
        params.side !== context.side ? Math.max(context.otherReadId, params.lastReadId) : context.otherReadId,
    }),
    nameAgent: assign({ room: ({ context }, params: { name: string }) => (context.room ? { ...context.room, agent_name: params.name } : null) }),
    setDraft: assign({ draft: (_, params: { value: string }) => params.value }),
    /** The text leaves the input for its bubble at once: it lives there until stored (or failed, with Retry). */
    queueDraft: assign(({ context }, params: { at: string; clientId: string }) => {
      const entry: ChatEntry = {
        key: `local-${context.nextLocal}`,
        id: null,
        message: context.draft.trim(),
        user_id: context.user.id,
        created_at: params.at,
        status: 'sending',
        clientId: params.clientId,
        attachment: null,
      };
      // What failed before goes again ahead of it, so that ours stay in the order written.
      const entries = context.entries.map((e) => (e.status === 'failed' ? { ...e, status: 'sending' as const } : e));
      return { entries: [...entries, entry], draft: '', nextLocal: context.nextLocal + 1 };
    }),
    restoreSends: assign(({ context }, params: { sends: PendingSend[] }) => {
      const held = new Set(context.entries.map((e) => e.clientId).filter((id) => id !== null));
      const fresh = params.sends.filter((send) => !held.has(send.clientId));
      const restored = fresh.map(
        (send, i): ChatEntry => ({
          key: `local-${context.nextLocal + i}`,
          id: null,
          message: send.message,
          user_id: context.user.id,
          created_at: send.at,
          status: 'sending',
          clientId: send.clientId,
          attachment: null,
        }),
      );
      return { entries: [...context.entries, ...restored], nextLocal: context.nextLocal + fresh.length };
    }),
    requeueFailed: assign({
      entries: ({ context }) => context.entries.map((e) => (e.status === 'failed' ? { ...e, status: 'sending' as const } : e)),
    }),
    /** The oldest queued send goes next, so ours are stored in the order written. */
    pickNext: assign({ sendingKey: ({ context }) => context.entries.find((e) => e.status === 'sending')?.key ?? null }),
    /** The 201 (or 200 for a repeat): the pending entry becomes the stored message. */
    confirmSent: assign(({ context }, params: { message: ChatMessage }) => ({
      entries: mergeMessages(
        context.entries.filter((e) => e.key !== context.sendingKey),
        [params.message],
      ),
      sendingKey: null,
    })),
    /** A failed send fails the ones queued behind it too, so that a retry keeps their order. */
    failQueued: assign(({ context }) => ({
      entries: context.entries.map((e) => (e.status === 'sending' ? { ...e, status: 'failed' as const } : e)),
      sendingKey: null,
    })),
    setOpen: assign({ open: (_, params: { open: boolean }) => params.open }),
    countUnseen: assign({ unread: ({ context }) => context.unread + (inView(context) ? 0 : 1) }),
    clearUnreadIfSeen: assign({ unread: ({ context }) => (inView(context) ? 0 : context.unread) }),
    /** Injected: tells the server how far this side has read (fire and forget); null: nothing to report. */
    reportRead: (_, _params: ReadReport | null) => {},
    setPageVisible: assign({ pageVisible: (_, params: { visible: boolean }) => params.visible }),
    // A room is only ever held in `room.ready`, where the connection actor runs.
    whisper: enqueueActions(({ context, enqueue }, params: { typing: boolean }) => {
      if (context.room !== null) enqueue.sendTo('connection', { type: 'whisper', typing: params.typing } satisfies ConnectionCommand);
    }),
    showTyping: assign({ typing: (_, params: { signal: TypingSignal }) => params.signal.user }),
    hideTyping: assign({ typing: null }),
    scrollIfVisible: enqueueActions(({ context, enqueue }) => {
      if (context.open) enqueue.emit({ type: 'chat.scrollToBottom' });
    }),
    scroll: emit({ type: 'chat.scrollToBottom' as const }),
  },
}).createMachine({
  id: 'chat',
  type: 'parallel',
  context: ({ input }) => ({
    user: input.user,
    side: input.side,
    room: null,
    entries: [],
    cursor: 0,
    draft: '',
    unread: 0,
    otherReadId: 0,
    typing: null,
    sendingKey: null,
    nextLocal: 1,
    open: false,
    pageVisible: input.pageVisible,
  }),
  states: {
    panel: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'chat.open': 'visible', 'chat.toggle': 'visible' },
        },
        visible: {
          initial: 'opening',
          entry: [{ type: 'setOpen', params: { open: true } }, ...markSeen],
          exit: { type: 'setOpen', params: { open: false } },
          states: {
            opening: { after: { SCROLL_DELAY_MS: { target: 'open', actions: 'scroll' } } },
            open: {},
          },
          on: { 'chat.close': 'hidden', 'chat.toggle': 'hidden' },
        },
      },
    },
    room: {
      initial: 'locating',
      states: {
        /** At start, in the background: a room that exists is connected at once, so unread messages count while hidden. */
        locating: {
          tags: ['loading'],
          invoke: {
            id: 'findRoom',
            src: 'findRoom',
            onDone: [
              {
                guard: { type: 'found', params: ({ event }) => ({ room: event.output }) },
                target: 'ready',
                actions: [{ type: 'storeRoom', params: ({ event }) => ({ room: event.output! }) }, ...markSeen],
              },
              { target: 'absent' },
            ],
            onError: { target: 'unavailable' },
          },
        },
        /** No room yet: the first open creates it. */
        absent: {
          always: { guard: 'isVisible', target: 'creating' },
        },
        creating: {
          tags: ['loading'],
          invoke: {
            id: 'createRoom',
            src: 'createRoom',
            onDone: {
              target: 'ready',
              actions: [{ type: 'storeRoom', params: ({ event }) => ({ room: event.output }) }, ...markSeen],
            },
            onError: { target: 'unavailable' },
          },
        },
        /** Finding or creating failed (seed: logged only); the next open tries again. */
        unavailable: {
          on: { 'chat.open': 'locating', 'chat.toggle': 'locating' },
        },
        ready: {
          initial: 'connecting',
          invoke: {
            id: 'connection',
            src: 'connection',
            input: ({ context }) => ({ roomId: context.room!.id, user: context.user }),
          },
          on: {
            'chat.connected': '.syncing',
            'chat.disconnected': '.reconnecting',
            // Only while subscribed: the resync fetches it (with anything else after the cursor).
            'chat.fetchRequested': { target: '.syncing', reenter: true },
            'chat.agentNamed': { actions: { type: 'nameAgent', params: ({ event }) => ({ name: event.name }) } },
            'chat.readReceived': { actions: { type: 'noteRead', params: ({ event }) => ({ side: event.side, lastReadId: event.lastReadId }) } },
            'chat.restore': { actions: { type: 'restoreSends', params: ({ event }) => ({ sends: event.sends }) } },
            'chat.messageReceived': [
              // Already held (the resync fetched it first): nothing new to show or count.
              { guard: { type: 'isHeld', params: ({ event }) => ({ message: event.message }) } },
              {
                guard: { type: 'isFromOtherSide', params: ({ event }) => ({ message: event.message }) },
                actions: [{ type: 'merge', params: ({ event }) => ({ messages: [event.message] }) }, 'countUnseen', ...markSeen, 'scrollIfVisible'],
              },
              { actions: [{ type: 'merge', params: ({ event }) => ({ messages: [event.message] }) }, 'scrollIfVisible'] },
            ],
          },
          states: {
            connecting: {},
            /** Every (re)subscription: fetch what was said after the cursor; the socket replays nothing. */
            syncing: {
              tags: ['live'],
              invoke: {
                id: 'fetchMissed',
                src: 'fetchMissed',
                input: ({ context }) => ({ roomId: context.room!.id, afterId: context.cursor }),
                onDone: [
                  {
                    guard: { type: 'fullPage', params: ({ event }) => ({ count: event.output.length }) },
                    target: 'syncing',
                    reenter: true,
                    actions: { type: 'mergeResync', params: ({ event }) => ({ messages: event.output }) },
                  },
                  {
                    target: 'live',
                    actions: [
                      { type: 'mergeResync', params: ({ event }) => ({ messages: event.output }) },
                      ...markSeen,
                      'scrollIfVisible',
                    ],
                  },
                ],
                onError: { target: 'retrying' },
              },
            },
            retrying: { tags: ['live'], after: { RESYNC_RETRY_MS: 'syncing' } },
            live: { tags: ['live'] },
            reconnecting: {},
          },
        },
      },
    },
    /** Our sends: queued in the order written, sent one at a time; a failure holds the rest until a retry. */
    outbox: {
      initial: 'standby',
      on: {
        'chat.submit': {
          guard: 'canSubmit',
          actions: [{ type: 'queueDraft', params: ({ event }) => ({ at: event.at, clientId: event.clientId }) }, 'scrollIfVisible'],
        },
        'chat.retry': {
          guard: { type: 'canRetry', params: ({ event }) => ({ key: event.key }) },
          actions: 'requeueFailed',
        },
        // The connection is back: what failed goes again by itself.
        'chat.connected': { guard: 'hasFailed', actions: 'requeueFailed' },
      },
      states: {
        standby: {
          always: { guard: 'hasQueued', target: 'sending' },
        },
        sending: {
          entry: 'pickNext',
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => {
              const entry = context.entries.find((e) => e.key === context.sendingKey)!;
              return { roomId: context.room!.id, message: entry.message, clientId: entry.clientId };
            },
            onDone: { target: 'standby', actions: { type: 'confirmSent', params: ({ event }) => ({ message: event.output }) } },
            onError: { target: 'standby', actions: 'failQueued' },
          },
        },
      },
    },
    /** Our own typing signal. */
    typing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'chat.input': [
              {
                guard: { type: 'nonEmpty', params: ({ event }) => ({ value: event.value }) },
                target: 'active',
                actions: [{ type: 'setDraft', params: ({ event }) => ({ value: event.value }) }, { type: 'whisper', params: { typing: true } }],
              },
              { actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) } },
            ],
          },
        },
        active: {
          type: 'parallel',
          on: {
            'chat.submit': { target: 'idle', actions: { type: 'whisper', params: { typing: false } } },
            'chat.input': {
              guard: { type: 'isBlank', params: ({ event }) => ({ value: event.value }) },
              target: 'idle',
              actions: [{ type: 'setDraft', params: ({ event }) => ({ value: event.value }) }, { type: 'whisper', params: { typing: false } }],
            },
          },
          states: {
            /** Each keystroke restarts the stop timer. */
            stop: {
              initial: 'waiting',
              states: {
                waiting: {
                  after: { TYPING_STOP_MS: { target: '#chat.typing.idle', actions: { type: 'whisper', params: { typing: false } } } },
                  on: {
                    'chat.input': {
                      guard: { type: 'nonEmpty', params: ({ event }) => ({ value: event.value }) },
                      target: 'waiting',
                      reenter: true,
                      actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) },
                    },
                  },
                },
              },
            },
            /** "Still typing" goes out again with the first keystroke after TYPING_REFRESH_MS. */
            refresh: {
              initial: 'fresh',
              states: {
                fresh: { after: { TYPING_REFRESH_MS: 'due' } },
                due: {
                  on: {
                    'chat.input': {
                      guard: { type: 'nonEmpty', params: ({ event }) => ({ value: event.value }) },
                      target: 'fresh',
                      actions: [{ type: 'setDraft', params: ({ event }) => ({ value: event.value }) }, { type: 'whisper', params: { typing: true } }],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    /** The other side's typing indicator. */
    remote: {
      initial: 'quiet',
      states: {
        quiet: {
          on: {
            'chat.typingReceived': {
              guard: { type: 'isTypingSignal', params: ({ event }) => ({ signal: event.signal }) },
              target: 'showing',
              actions: { type: 'showTyping', params: ({ event }) => ({ signal: event.signal }) },
            },
          },
        },
        showing: {
          after: { TYPING_EXPIRE_MS: { target: 'quiet', actions: 'hideTyping' } },
          on: {
            'chat.typingReceived': [
              {
                guard: { type: 'isTypingSignal', params: ({ event }) => ({ signal: event.signal }) },
                target: 'showing',
                reenter: true,
                actions: { type: 'showTyping', params: ({ event }) => ({ signal: event.signal }) },
              },
              { target: 'quiet', actions: 'hideTyping' },
            ],
            // They sent what they were typing.
            'chat.messageReceived': {
              guard: { type: 'isFromOtherSide', params: ({ event }) => ({ message: event.message }) },
              target: 'quiet',
              actions: 'hideTyping',
            },
          },
        },
      },
    },
    page: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: ({ context }) => context.pageVisible, target: 'foreground' }, { target: 'background' }],
        },
        foreground: {
          on: { 'chat.pageHidden': { target: 'background', actions: { type: 'setPageVisible', params: { visible: false } } } },
        },
        background: {
          on: {
            'chat.pageVisible': { target: 'foreground', actions: [{ type: 'setPageVisible', params: { visible: true } }, ...markSeen] },
          },
        },
      },
    },
  },
});

export type ChatMachine = typeof chatMachine;
