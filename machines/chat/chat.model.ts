import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ChatMessage, ChatRoom } from '../../contract/chat';
import { afterEvent, doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { RESYNC_PAGE } from '../../contract/chat';
import { chatMachine, type ChatContext, type ChatEvent, type ChatInput } from './chat.machine';

export const client = { id: 7, name: 'Daniel Carter' };
export const staffUser = { id: 1, name: 'Alexandra Morgan' };

export const message = (id: number, userId: number | null, text = `message ${id}`): ChatMessage => ({
  id,
  message: text,
  user_id: userId,
  created_at: `2030-01-15T09:00:${String(id % 60).padStart(2, '0')}.000Z`,
  client_id: null,
  attachment: null,
});

export const room = (messages: ChatMessage[] = [], unread = 0): ChatRoom => ({
  id: 3,
  name: 'Daniel Carter',
  agent_name: 'Support',
  user_id: client.id,
  message_all: messages,
  unread_count: unread,
  other_read_id: 0,
});

const fromStaff = message(10, staffUser.id, 'Hello from support');
const fromClient = message(11, client.id, 'Hello from the client');
const fullPage = Array.from({ length: RESYNC_PAGE }, (_, i) => message(100 + i, staffUser.id));

const chatEvents: ChatEvent[] = [
  { type: 'chat.open' },
  { type: 'chat.close' },
  { type: 'chat.toggle' },
  { type: 'chat.input', value: 'Hi' },
  { type: 'chat.input', value: '' },
  { type: 'chat.submit', at: '2030-01-15T09:01:00.000Z', clientId: 'client-id-1' },
  { type: 'chat.retry', key: 'local-1' },
  { type: 'chat.restore', sends: [{ clientId: 'client-id-0', message: 'Before the reload', at: '2030-01-15T08:59:00.000Z' }] },
  { type: 'chat.connected' },
  { type: 'chat.disconnected' },
  { type: 'chat.fetchRequested' },
  { type: 'chat.agentNamed', name: 'Alexandra Morgan' },
  { type: 'chat.readReceived', side: 'staff', lastReadId: 11 },
  { type: 'chat.messageReceived', message: fromStaff },
  { type: 'chat.messageReceived', message: fromClient },
  { type: 'chat.typingReceived', signal: { user: { id: staffUser.id, name: 'Alexandra' }, typing: true } },
  { type: 'chat.typingReceived', signal: { user: { id: staffUser.id, name: 'Alexandra' }, typing: false } },
  { type: 'chat.pageHidden' },
  { type: 'chat.pageVisible' },
];

/**
 * The regions that run beside the room: each is walked from a baseline of the others (idle,
 * quiet, visible), so the walk covers every transition without multiplying every combination.
 */
const REGION_OF: Record<string, 'typing' | 'remote' | 'outbox' | 'page'> = {
  'chat.input': 'typing',
  'xstate.after.TYPING_STOP_MS.chat.typing.active.stop.waiting': 'typing',
  'xstate.after.TYPING_REFRESH_MS.chat.typing.active.refresh.fresh': 'typing',
  'chat.typingReceived': 'remote',
  'xstate.after.TYPING_EXPIRE_MS.chat.remote.showing': 'remote',
  'chat.retry': 'outbox',
  'chat.restore': 'outbox',
  'xstate.done.actor.sendMessage': 'outbox',
  'xstate.error.actor.sendMessage': 'outbox',
  'chat.pageHidden': 'page',
  'chat.pageVisible': 'page',
};

function atBaseline(snapshot: AnyMachineSnapshot, region: 'typing' | 'remote' | 'outbox' | 'page'): boolean {
  switch (region) {
    case 'typing':
      return snapshot.matches({ typing: 'idle' });
    case 'remote':
      return snapshot.matches({ remote: 'quiet' });
    case 'outbox':
      return snapshot.matches({ outbox: 'standby' });
    case 'page':
      return snapshot.matches({ page: 'foreground' });
  }
}

const ROOM_EVENTS = new Set(['chat.connected', 'chat.disconnected', 'chat.messageReceived', 'chat.fetchRequested', 'chat.agentNamed', 'chat.readReceived']);
const OPENING_EVENTS = new Set(['xstate.after.SCROLL_DELAY_MS.chat.panel.visible.opening', 'chat.close', 'chat.toggle']);

/**
 * Regions with timers. A step lets one timer elapse, so no other region's timer may be running
 * (within the typing region the refresh comes before the stop, which ends both).
 */
const TIMED_REGIONS: Array<[string, (snapshot: AnyMachineSnapshot) => boolean]> = [
  ['chat.panel', (s) => s.matches({ panel: { visible: 'opening' } })],
  ['chat.room', (s) => s.matches({ room: { ready: 'retrying' } })],
  ['chat.typing', (s) => s.matches({ typing: 'active' })],
  ['chat.remote', (s) => s.matches({ remote: 'showing' })],
];

/** Staff differ only in whose messages count: a short walk from their own start (page in the background) is enough. */
const STAFF_EVENTS = new Set([
  'xstate.done.actor.findRoom',
  'chat.connected',
  'chat.messageReceived',
  'chat.pageVisible',
  'chat.open',
  'xstate.after.SCROLL_DELAY_MS.chat.panel.visible.opening',
]);

function allowed(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if ((snapshot.context as ChatContext).side === 'staff' && !STAFF_EVENTS.has(event.type)) return false;
  // The 100 ms after opening is walked on its own.
  if (snapshot.matches({ panel: { visible: 'opening' } })) return OPENING_EVENTS.has(event.type);
  if (event.type.startsWith('xstate.after.')) {
    const stateId = event.type.split('.').slice(3).join('.');
    return TIMED_REGIONS.every(([region, running]) => stateId.startsWith(`${region}.`) || !running(snapshot));
  }
  if (ROOM_EVENTS.has(event.type)) return snapshot.matches({ room: 'ready' });
  if (event.type === 'chat.submit' && !snapshot.matches({ room: { ready: 'live' } })) return false;
  // Submitting ends our typing and starts a send: it belongs to both regions.
  const regions = event.type === 'chat.submit' ? ['typing', 'outbox'] : REGION_OF[event.type] ? [REGION_OF[event.type]!] : [];
  if (regions.length === 0) return true;
  if (!snapshot.matches({ room: { ready: 'live' } })) return false;
  const others = (['typing', 'remote', 'outbox', 'page'] as const).filter((r) => !regions.includes(r));
  return others.every((r) => atBaseline(snapshot, r));
}

const clientInput: ChatInput = { user: client, side: 'client', pageVisible: true };
const staffInput: ChatInput = { user: staffUser, side: 'staff', pageVisible: false };

export const chatModel: MachineModel = {
  machine: chatMachine,
  inputs: [clientInput, staffInput],
  events: [
    ...chatEvents,
    doneEvent('findRoom', room([fromStaff], 1)),
    doneEvent('findRoom', null),
    errorEvent('findRoom'),
    doneEvent('createRoom', room()),
    errorEvent('createRoom'),
    doneEvent('sendMessage', message(20, client.id, 'Hi')),
    errorEvent('sendMessage'),
    doneEvent('fetchMissed', []),
    doneEvent('fetchMissed', fullPage),
    errorEvent('fetchMissed'),
    afterEvent('SCROLL_DELAY_MS', 'chat.panel.visible.opening'),
    afterEvent('TYPING_STOP_MS', 'chat.typing.active.stop.waiting'),
    afterEvent('TYPING_REFRESH_MS', 'chat.typing.active.refresh.fresh'),
    afterEvent('TYPING_EXPIRE_MS', 'chat.remote.showing'),
    afterEvent('RESYNC_RETRY_MS', 'chat.room.ready.retrying'),
  ],
  filterEvents: allowed,
  serialize: (snapshot: AnyMachineSnapshot) => {
    const c = snapshot.context as ChatContext;
    return JSON.stringify({
      value: snapshot.value,
      failed: c.entries.some((e) => e.status === 'failed'),
    });
  },
  limit: 200_000,
  // Six parallel regions and whole pages of messages in its events: fewer, longer paths than the default.
  maxSimplePaths: 100,
};
