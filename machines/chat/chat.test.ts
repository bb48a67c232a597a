import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { ChatMessage, ChatRoom } from '../../contract/chat';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import {
  chatMachine,
  type ChatInput,
  type ConnectionCommand,
  type ReadReport,
  RESYNC_RETRY_MS,
  SCROLL_DELAY_MS,
  TYPING_EXPIRE_MS,
  TYPING_REFRESH_MS,
  TYPING_STOP_MS,
} from './chat.machine';
import { chatModel, client, message, room, staffUser } from './chat.model';
import {
  selectAgentName,
  selectCanSend,
  selectConnection,
  selectDraft,
  selectEntries,
  selectIsMine,
  selectIsOpen,
  selectIsUnavailable,
  selectSeenId,
  selectTypingName,
  selectUnread,
} from './chat.selectors';

const pathsByInput = modelPaths(chatModel);

describe('chat machine, model-based', () => {
  it('follows every generated path, as a client and as staff, on a real actor', { timeout: 120_000 }, async () => {
    expect(await replayModel(chatModel, pathsByInput)).toBe(pathsByInput.flatMap(({ paths }) => paths).length);
  });
});

describe('chat machine, coverage', () => {
  it('walks every state and transition the machine defines', { timeout: 60_000 }, () => {
    const coverage = machineCoverage(chatMachine, pathsByInput.flatMap(({ paths }) => paths));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A chat actor whose effects the test settles by hand, on a simulated clock. */
function startChat(input: Partial<ChatInput> = {}) {
  const clock = new SimulatedClock();
  const pending: Record<string, Array<Deferred<unknown> & { input: unknown }>> = {};
  const deferred = (name: string) =>
    fromPromise(({ input: given }) => new Promise((resolve, reject) => (pending[name] ??= []).push({ resolve, reject, input: given })));
  const whispers: boolean[] = [];
  const reads: Array<ReadReport | null> = [];
  let connectionInput: unknown = null;
  const machine = chatMachine.provide({
    actors: {
      findRoom: deferred('findRoom') as never,
      createRoom: deferred('createRoom') as never,
      sendMessage: deferred('sendMessage') as never,
      fetchMissed: deferred('fetchMissed') as never,
      connection: fromCallback<ConnectionCommand, { roomId: number; user: ChatInput['user'] }>(({ receive, input: given }) => {
        connectionInput = given;
        receive((command) => whispers.push(command.typing));
        return () => {};
      }),
    },
    actions: { reportRead: (_, params) => void reads.push(params) },
  });
  const actor = createActor(machine, { input: { user: client, side: 'client', pageVisible: true, ...input }, clock });
  const scrolls: number[] = [];
  actor.on('chat.scrollToBottom', () => scrolls.push(clock.now()));
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const effect = async (name: string, outcome: { value?: unknown; error?: unknown }) => {
    const next = pending[name]?.shift();
    if (!next) throw new Error(`${name} is not running`);
    if ('error' in outcome) next.reject(outcome.error);
    else next.resolve(outcome.value);
    await settle();
    return next.input;
  };
  const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event);
  /** Moves time a millisecond at a time, so a timer started by another one starts at the right moment. */
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  const snap = () => actor.getSnapshot();
  return { actor, clock, advance, send, snap, effect, whispers, reads, scrolls, pending, connection: () => connectionInput, settle };
}

async function readyChat(found: ChatRoom = room([message(1, staffUser.id)]), input: Partial<ChatInput> = {}) {
  const chat = startChat(input);
  await chat.effect('findRoom', { value: found });
  chat.send({ type: 'chat.connected' });
  await chat.effect('fetchMissed', { value: [] });
  return chat;
}

const received = (m: ChatMessage) => ({ type: 'chat.messageReceived', message: m }) as const;
let clientIds = 0;
/** Enter in the composer: a fresh client id each time, as the app gives one. */
const submit = (clientId = `client-id-${++clientIds}`) => ({ type: 'chat.submit', at: '2030-01-15T09:01:00.000Z', clientId }) as const;
const stored = (id: number, text: string, clientId: string | null = null): ChatMessage => ({ ...message(id, client.id, text), client_id: clientId });

describe('chat machine', () => {
  it('finds the room in the background at start, with its messages and unread count, and connects', async () => {
    const chat = startChat();
    await chat.effect('findRoom', { value: room([message(1, staffUser.id)], 1) });
    expect(selectIsOpen(chat.snap())).toBe(false);
    expect(selectUnread(chat.snap())).toBe(1);
    expect(selectEntries(chat.snap()).map((e) => e.message)).toEqual(['message 1']);
    expect(selectAgentName(chat.snap())).toBe('Support');
    expect(chat.connection()).toEqual({ roomId: 3, user: client });
    expect(selectConnection(chat.snap())).toBe('connecting');
  });

  it('creates the room on the first open when there is none', async () => {
    const chat = startChat();
    await chat.effect('findRoom', { value: null });
    expect(chat.pending.createRoom ?? []).toHaveLength(0);
    chat.send({ type: 'chat.open' });
    await chat.effect('createRoom', { value: room() });
    expect(selectConnection(chat.snap())).toBe('connecting');
  });

  it('tries finding again on the next open when finding or creating failed', async () => {
    const chat = startChat();
    await chat.effect('findRoom', { error: new Error('offline') });
    expect(selectIsUnavailable(chat.snap())).toBe(true);
    chat.send({ type: 'chat.open' });
    await chat.effect('findRoom', { value: null });
    await chat.effect('createRoom', { error: new Error('500') });
    expect(selectIsUnavailable(chat.snap())).toBe(true);
    chat.send({ type: 'chat.close' });
    chat.send({ type: 'chat.open' });
    await chat.effect('findRoom', { value: room() });
    expect(selectConnection(chat.snap())).toBe('connecting');
  });

  it('resyncs every message after the last id held on each (re)connection, and adds each message once', async () => {
    const chat = await readyChat(room([message(1, staffUser.id), message(2, client.id)]));
    expect(selectConnection(chat.snap())).toBe('live');
    chat.send({ type: 'chat.disconnected' });
    expect(selectConnection(chat.snap())).toBe('reconnecting');
    chat.send({ type: 'chat.connected' });
    const asked = await chat.effect('fetchMissed', { value: [message(3, staffUser.id), message(4, staffUser.id)] });
    expect(asked).toEqual({ roomId: 3, afterId: 2 });
    chat.send(received(message(4, staffUser.id)));
    chat.send(received(message(5, staffUser.id)));
    expect(selectEntries(chat.snap()).map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks again after a full page, and retries a failed resync after a pause', async () => {
    const chat = await readyChat(room());
    chat.send({ type: 'chat.connected' });
    const page = Array.from({ length: 500 }, (_, i) => message(i + 1, staffUser.id));
    await chat.effect('fetchMissed', { value: page });
    expect(await chat.effect('fetchMissed', { error: new Error('offline') })).toEqual({ roomId: 3, afterId: 500 });
    expect(selectConnection(chat.snap())).toBe('live');
    chat.clock.increment(RESYNC_RETRY_MS);
    await chat.effect('fetchMissed', { value: [] });
    expect(selectEntries(chat.snap())).toHaveLength(500);
  });

  it('sends the trimmed draft with its client id, moving the text from the input into its bubble at once', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.input', value: '  Where is my deposit? ' });
    chat.send(submit('deposit-question'));
    expect(selectDraft(chat.snap())).toBe('');
    expect(selectEntries(chat.snap()).at(-1)).toMatchObject({ message: 'Where is my deposit?', status: 'sending', user_id: client.id });
    expect(selectCanSend(chat.snap())).toBe(false);
    const sent = await chat.effect('sendMessage', { value: stored(9, 'Where is my deposit?', 'deposit-question') });
    expect(sent).toEqual({ roomId: 3, message: 'Where is my deposit?', clientId: 'deposit-question' });
    expect(selectEntries(chat.snap()).at(-1)).toMatchObject({ id: 9, status: 'sent' });
  });

  it('queues sends made in a burst and stores them one at a time, in the order written', async () => {
    const chat = await readyChat();
    for (const text of ['one', 'two', 'three']) {
      chat.send({ type: 'chat.input', value: text });
      chat.send(submit(`burst-${text}`));
    }
    expect(selectEntries(chat.snap()).slice(1).map((e) => [e.message, e.status])).toEqual([
      ['one', 'sending'],
      ['two', 'sending'],
      ['three', 'sending'],
    ]);
    const asked: unknown[] = [];
    asked.push(await chat.effect('sendMessage', { value: stored(5, 'one', 'burst-one') }));
    asked.push(await chat.effect('sendMessage', { value: stored(6, 'two', 'burst-two') }));
    asked.push(await chat.effect('sendMessage', { value: stored(8, 'three', 'burst-three') }));
    expect(asked.map((a) => (a as { clientId: string }).clientId)).toEqual(['burst-one', 'burst-two', 'burst-three']);
    expect(selectEntries(chat.snap()).map((e) => e.id)).toEqual([1, 5, 6, 8]);
  });

  it('does nothing when the input is empty or blank', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.input', value: '   ' });
    chat.send(submit());
    expect(chat.pending.sendMessage ?? []).toHaveLength(0);
    expect(selectEntries(chat.snap())).toHaveLength(1);
  });

  it('keeps a failed text only in its bubble, and Retry sends it again with the same client id', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.input', value: 'Hello?' });
    chat.send(submit('hello-once'));
    await chat.effect('sendMessage', { error: new Error('offline') });
    expect(selectDraft(chat.snap())).toBe('');
    // Enter on the empty input sends nothing twice.
    chat.send(submit());
    expect(chat.pending.sendMessage ?? []).toHaveLength(0);
    const failed = selectEntries(chat.snap()).at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', message: 'Hello?' });
    chat.send({ type: 'chat.retry', key: failed.key });
    expect(selectEntries(chat.snap()).at(-1)).toMatchObject({ key: failed.key, status: 'sending' });
    const asked = await chat.effect('sendMessage', { value: stored(9, 'Hello?', 'hello-once') });
    expect(asked).toMatchObject({ clientId: 'hello-once' });
    expect(selectEntries(chat.snap()).filter((e) => e.message === 'Hello?')).toEqual([expect.objectContaining({ id: 9, status: 'sent' })]);
  });

  it('fails the sends queued behind a failed one, and sends them all again, in order, when the connection returns', async () => {
    const chat = await readyChat();
    for (const text of ['first', 'second']) {
      chat.send({ type: 'chat.input', value: text });
      chat.send(submit(`queued-${text}`));
    }
    await chat.effect('sendMessage', { error: new Error('offline') });
    expect(selectEntries(chat.snap()).slice(1).map((e) => e.status)).toEqual(['failed', 'failed']);
    chat.send({ type: 'chat.disconnected' });
    chat.send({ type: 'chat.connected' });
    expect(await chat.effect('sendMessage', { value: stored(7, 'first', 'queued-first') })).toMatchObject({ clientId: 'queued-first' });
    expect(await chat.effect('sendMessage', { value: stored(8, 'second', 'queued-second') })).toMatchObject({ clientId: 'queued-second' });
    await chat.effect('fetchMissed', { value: [] });
    expect(selectEntries(chat.snap()).map((e) => [e.id, e.status])).toEqual([
      [1, 'sent'],
      [7, 'sent'],
      [8, 'sent'],
    ]);
  });

  it('restores the sends kept from before a reload and sends them; one stored meanwhile shows once', async () => {
    const chat = await readyChat(room([message(1, staffUser.id), stored(4, 'Stored, answer lost', 'lost-answer')]));
    chat.send({
      type: 'chat.restore',
      sends: [
        { clientId: 'lost-answer', message: 'Stored, answer lost', at: 'then' },
        { clientId: 'never-sent', message: 'Never reached the server', at: 'then' },
      ],
    });
    expect(selectEntries(chat.snap()).map((e) => e.message)).toEqual(['message 1', 'Stored, answer lost', 'Never reached the server']);
    expect(await chat.effect('sendMessage', { value: stored(6, 'Never reached the server', 'never-sent') })).toMatchObject({ clientId: 'never-sent' });
    // The same send stored before its answer came back (a resync or a live event brought it).
    chat.send({ type: 'chat.input', value: 'Quick' });
    chat.send(submit('quick'));
    chat.send(received(stored(7, 'Quick', 'quick')));
    await chat.effect('sendMessage', { value: stored(7, 'Quick', 'quick') });
    expect(selectEntries(chat.snap()).map((e) => e.id)).toEqual([1, 4, 6, 7]);
  });

  it('resyncs from what it received in order, not from its own later sends (their messages stored meanwhile arrive)', async () => {
    const chat = await readyChat(room([message(1, staffUser.id), message(2, client.id)]));
    chat.send({ type: 'chat.disconnected' });
    // Staff write 3 and 4 while this side is away; its own send over HTTP is stored as 5.
    chat.send({ type: 'chat.input', value: 'Mine' });
    chat.send(submit('mine'));
    await chat.effect('sendMessage', { value: stored(5, 'Mine', 'mine') });
    chat.send({ type: 'chat.connected' });
    const asked = await chat.effect('fetchMissed', { value: [message(3, staffUser.id), message(4, staffUser.id), stored(5, 'Mine', 'mine')] });
    expect(asked).toEqual({ roomId: 3, afterId: 2 });
    expect(selectEntries(chat.snap()).map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    // The next resync starts after what that one brought.
    chat.send({ type: 'chat.disconnected' });
    chat.send({ type: 'chat.connected' });
    expect(await chat.effect('fetchMissed', { value: [] })).toEqual({ roomId: 3, afterId: 5 });
  });

  it('fetches a message announced as too big for a live event', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.fetchRequested' });
    const big = message(2, staffUser.id, '\u0001'.repeat(2000));
    expect(await chat.effect('fetchMissed', { value: [big] })).toEqual({ roomId: 3, afterId: 1 });
    expect(selectEntries(chat.snap()).map((e) => e.id)).toEqual([1, 2]);
  });

  it('names the manager when staff answer', async () => {
    const chat = await readyChat();
    expect(selectAgentName(chat.snap())).toBe('Support');
    chat.send({ type: 'chat.agentNamed', name: 'Alexandra Morgan' });
    expect(selectAgentName(chat.snap())).toBe('Alexandra Morgan');
  });

  it('shows "Seen" under the last of our messages the other side has read, never moving back', async () => {
    const chat = await readyChat({ ...room([message(1, staffUser.id), stored(2, 'First'), stored(3, 'Second')]), other_read_id: 2 });
    expect(selectSeenId(chat.snap())).toBe(2);
    chat.send({ type: 'chat.readReceived', side: 'staff', lastReadId: 3 });
    expect(selectSeenId(chat.snap())).toBe(3);
    chat.send({ type: 'chat.readReceived', side: 'staff', lastReadId: 2 });
    chat.send({ type: 'chat.readReceived', side: 'client', lastReadId: 1 });
    expect(selectSeenId(chat.snap())).toBe(3);
  });

  it('shows staff whether the client read their answer, not the client’s own messages', async () => {
    const chat = await readyChat({ ...room([message(1, client.id), message(2, staffUser.id)]), other_read_id: 1 }, { user: staffUser, side: 'staff' });
    expect(selectSeenId(chat.snap())).toBeNull();
    chat.send({ type: 'chat.readReceived', side: 'client', lastReadId: 2 });
    expect(selectSeenId(chat.snap())).toBe(2);
  });

  it('keeps newer text typed while the message was on its way', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.input', value: 'First' });
    chat.send(submit());
    chat.send({ type: 'chat.input', value: 'Second' });
    await chat.effect('sendMessage', { value: stored(9, 'First') });
    expect(selectDraft(chat.snap())).toBe('Second');
  });

  it('whispers typing on the first keystroke and stops 3000 ms after the last one', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.input', value: 'H' });
    expect(chat.whispers).toEqual([true]);
    chat.advance(1000);
    chat.send({ type: 'chat.input', value: 'He' });
    chat.advance(TYPING_STOP_MS - 1);
    expect(chat.whispers).toEqual([true]);
    chat.advance(1);
    expect(chat.whispers).toEqual([true, false]);
  });

  it('repeats the typing whisper while typing goes on, and stops it on send', async () => {
    const chat = await readyChat();
    for (let t = 0; t <= 4500; t += 500) {
      chat.send({ type: 'chat.input', value: 'x'.repeat(t / 500 + 1) });
      chat.advance(500);
    }
    expect(chat.whispers.filter(Boolean).length).toBeGreaterThanOrEqual(Math.floor(5000 / (TYPING_REFRESH_MS + 500)));
    expect(chat.whispers).not.toContain(false);
    chat.send(submit());
    expect(chat.whispers.at(-1)).toBe(false);
  });

  it('shows the other side typing until they stop, send, or go quiet', async () => {
    const chat = await readyChat();
    const signal = (typing: boolean) => ({ type: 'chat.typingReceived', signal: { user: { id: staffUser.id, name: 'Alexandra' }, typing } }) as const;
    chat.send(signal(true));
    expect(selectTypingName(chat.snap())).toBe('Alexandra');
    chat.send(signal(false));
    expect(selectTypingName(chat.snap())).toBeNull();
    chat.send(signal(true));
    chat.send(received(message(2, staffUser.id)));
    expect(selectTypingName(chat.snap())).toBeNull();
    chat.send(signal(true));
    chat.clock.increment(TYPING_EXPIRE_MS - 1);
    chat.send(signal(true));
    chat.clock.increment(TYPING_EXPIRE_MS - 1);
    expect(selectTypingName(chat.snap())).toBe('Alexandra');
    chat.clock.increment(1);
    expect(selectTypingName(chat.snap())).toBeNull();
  });

  it('counts messages from the other side while hidden, and clears the count on open', async () => {
    const chat = await readyChat();
    chat.send(received(message(2, staffUser.id)));
    chat.send(received(message(3, client.id)));
    chat.send(received(message(4, null)));
    expect(selectUnread(chat.snap())).toBe(2);
    chat.send({ type: 'chat.toggle' });
    expect(selectUnread(chat.snap())).toBe(0);
    expect(chat.reads.at(-1)).toEqual({ roomId: 3, lastId: 4 });
    chat.send(received(message(5, staffUser.id)));
    expect(selectUnread(chat.snap())).toBe(0);
  });

  it('counts messages while the tab is in the background even with the chat open', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.open' });
    chat.send({ type: 'chat.pageHidden' });
    chat.send(received(message(2, staffUser.id)));
    chat.send(received(message(3, staffUser.id)));
    expect(selectUnread(chat.snap())).toBe(2);
    chat.send({ type: 'chat.pageVisible' });
    expect(selectUnread(chat.snap())).toBe(0);
    expect(chat.reads.at(-1)).toEqual({ roomId: 3, lastId: 3 });
  });

  it('scrolls to the bottom 100 ms after opening and on every new message while open', async () => {
    const chat = await readyChat();
    chat.send({ type: 'chat.open' });
    expect(chat.scrolls).toEqual([]);
    chat.clock.increment(SCROLL_DELAY_MS);
    expect(chat.scrolls).toEqual([SCROLL_DELAY_MS]);
    chat.send(received(message(2, staffUser.id)));
    expect(chat.scrolls).toHaveLength(2);
    chat.send({ type: 'chat.close' });
    chat.send(received(message(3, staffUser.id)));
    expect(chat.scrolls).toHaveLength(2);
  });

  it('for staff, counts what the client wrote and treats every staff message as its own side', async () => {
    const chat = await readyChat(room([message(1, client.id)]), { user: staffUser, side: 'staff' });
    chat.send(received(message(2, client.id)));
    chat.send(received(message(3, 99)));
    expect(selectUnread(chat.snap())).toBe(1);
    const entries = selectEntries(chat.snap());
    expect(entries.map((e) => selectIsMine(chat.snap(), e))).toEqual([false, false, true]);
  });

  it('never whispers before it has a room', () => {
    const chat = startChat();
    chat.send({ type: 'chat.input', value: 'early' });
    expect(chat.whispers).toEqual([]);
  });
});

