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
    realtime.subscribe('calendar', { events: { 'calendar.changed': first } });
    realtime.subscribe('calendar', { events: { 'calendar.changed': second } });
    await settle();
    echo.channels.get('calendar')!.emit('calendar.changed', {});
    expect(connect).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('counts the uses of a channel and leaves it only when the last one goes', async () => {
    const { echo, realtime } = setup();
    const stays = vi.fn();
    const leaveFirst = realtime.subscribe('calendar', { events: { 'calendar.changed': vi.fn() } });
    realtime.subscribe('calendar', { events: { 'calendar.changed': stays } });
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
    const unsubscribe = realtime.subscribe('admin.chats', { events: {} }, { private: true });
    await settle();
    const channel = echo.channels.get('private-admin.chats')!;
    unsubscribe();
    await settle();
    expect(channel.left).toBe(true);
    expect(realtime.counts().has('admin.chats')).toBe(false);
    expect(echo.disconnected).toBe(false);
  });

  it('tells a late subscriber that the channel is already subscribed', async () => {
    const { realtime } = setup();
    realtime.subscribe('chat.1', {}, { private: true });
    await settle();
    const subscribed = vi.fn();
    realtime.subscribe('chat.1', { subscribed }, { private: true });
    await settle();
    expect(subscribed).toHaveBeenCalledTimes(1);
  });

  it('sends whispers on the channel and hears the other side\'s', async () => {
    const { echo, realtime } = setup();
    const heard = vi.fn();
    let whisper: (data: unknown) => void = () => {};
    realtime.subscribe('chat.2', { whispers: { typing: heard }, ready: (link) => (whisper = (data) => link.whisper('typing', data)) }, { private: true });
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
      realtime.subscribe('chat.3', {}, { private: true, retryDelays: [250], onUnavailable });
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
    realtime.subscribe('calendar', {});
    await settle();
    realtime.close();
    await settle();
    expect(echo.disconnected).toBe(true);
    realtime.subscribe('calendar', {});
    await settle();
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
