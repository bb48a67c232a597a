import { describe, expect, it, vi } from 'vitest';
import { FakeEcho } from '../test/fake-echo';
import { createRealtime } from './realtime';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const echo = new FakeEcho();
  const connect = vi.fn(() => Promise.resolve(echo));
  return { echo, connect, realtime: createRealtime(connect) };
}

describe('the shared realtime socket', () => {
  it('opens one socket for every subscription and hands each its events', async () => {
    const { echo, connect, realtime } = setup();
    const first = vi.fn();
    const second = vi.fn();
    realtime.subscribe('calendar', { events: { 'calendar.changed': first }, catchUp: null });
    realtime.subscribe('calendar', { events: { 'calendar.changed': second }, catchUp: null });
    await settle();
    echo.channels.get('calendar')!.emit('calendar.changed', {});
    expect(connect).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('counts the uses of a channel and leaves it only when the last one goes', async () => {
    const { echo, realtime } = setup();
    const stays = vi.fn();
    const leaveFirst = realtime.subscribe('calendar', { events: { 'calendar.changed': vi.fn() }, catchUp: null });
    realtime.subscribe('calendar', { events: { 'calendar.changed': stays }, catchUp: null });
    await settle();
    expect(realtime.counts().get('calendar')).toBe(2);

    leaveFirst();
    leaveFirst();
    await settle();
    const channel = echo.channels.get('calendar')!;
    expect(realtime.counts().get('calendar')).toBe(1);
    expect(channel.left).toBe(false);
    expect(channel.listeners('calendar.changed')).toBe(1);
    channel.emit('calendar.changed', {});
    expect(stays).toHaveBeenCalledTimes(1);
  });

  it('leaves a channel at zero but never closes the socket', async () => {
    const { echo, realtime } = setup();
    const unsubscribe = realtime.subscribe('admin.chats', { events: {}, catchUp: null }, { private: true });
    await settle();
    const channel = echo.channels.get('private-admin.chats')!;
    unsubscribe();
    await settle();
    expect(channel.left).toBe(true);
    expect(realtime.counts().has('admin.chats')).toBe(false);
    expect(echo.disconnected).toBe(false);
  });

  it('asks each use to catch up at every subscription, the first included, and a late use at once', async () => {
    const { echo, realtime } = setup();
    const first = vi.fn();
    realtime.subscribe('chat.1', { catchUp: first }, { private: true });
    await settle();
    // The first subscription: what the screen loaded before it may already be out of date.
    expect(first).toHaveBeenCalledTimes(1);

    // A second use of a channel already subscribed: nothing more will come to say so.
    const late = vi.fn();
    realtime.subscribe('chat.1', { catchUp: late }, { private: true });
    await settle();
    expect(late).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);

    // The socket came back after a drop and pusher-js subscribed again: both load what they missed.
    echo.channels.get('private-chat.1')!.succeed();
    expect(first).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('asks a group of channels to catch up once all of them are subscribed, not once each', async () => {
    const { echo, realtime } = setup();
    const catchUp = vi.fn();
    const heard = vi.fn();
    realtime.subscribeAll(
      ['account.1', 'account.2'].map((name) => ({ name, handlers: { events: { 'account.changed': () => heard(name) } } })),
      catchUp,
      { private: true },
    );
    await settle();
    expect(catchUp).toHaveBeenCalledTimes(1);
    const [first, second] = [echo.channels.get('private-account.1')!, echo.channels.get('private-account.2')!];
    second.emit('account.changed', {});
    expect(heard).toHaveBeenCalledWith('account.2');

    // A drop: pusher-js subscribes each channel again; the group catches up after the last.
    echo.drop();
    first.succeed();
    expect(catchUp).toHaveBeenCalledTimes(1);
    second.succeed();
    expect(catchUp).toHaveBeenCalledTimes(2);

    // One channel subscribed again alone (the others never left): at once.
    first.succeed();
    expect(catchUp).toHaveBeenCalledTimes(3);

    // A channel the server refuses after a drop does not hold the group's catch-up back.
    echo.drop();
    first.succeed();
    second.refuse();
    expect(catchUp).toHaveBeenCalledTimes(4);
  });

  it('sends whispers on the channel and hears the other side\'s', async () => {
    const { echo, realtime } = setup();
    const heard = vi.fn();
    let whisper: (data: unknown) => void = () => {};
    realtime.subscribe('chat.2', { whispers: { typing: heard }, catchUp: null, ready: (link) => (whisper = (data) => link.whisper('typing', data)) }, { private: true });
    await settle();
    whisper({ typing: true });
    expect(heard).toHaveBeenCalledWith({ typing: true });
    expect(echo.channels.get('private-chat.2')!.listeners('client-typing')).toBe(1);
  });

  it('tries again when the realtime settings cannot be had, only while subscribed', async () => {
    vi.useFakeTimers();
    try {
      const echo = new FakeEcho();
      const connect = vi.fn().mockRejectedValueOnce(new Error('restarting')).mockResolvedValue(echo);
      const realtime = createRealtime(connect);
      const onUnavailable = vi.fn();
      realtime.subscribe('chat.3', { catchUp: null }, { private: true, retryDelays: [250], onUnavailable });
      await vi.advanceTimersByTimeAsync(0);
      expect(onUnavailable).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(250);
      expect(connect).toHaveBeenCalledTimes(2);
      expect(echo.channels.has('private-chat.3')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the socket at sign-out; the next subscription connects afresh', async () => {
    const { echo, connect, realtime } = setup();
    realtime.subscribe('calendar', { catchUp: null });
    await settle();
    realtime.close();
    await settle();
    expect(echo.disconnected).toBe(true);
    realtime.subscribe('calendar', { catchUp: null });
    await settle();
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
