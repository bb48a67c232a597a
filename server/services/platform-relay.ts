import {
  ACCOUNT_CHANGED_EVENT,
  ACCOUNT_STATE_EVENT,
  accountChannel,
  PRICE_TICK_EVENT,
  PRICES_CHANNEL,
  type AccountChanged,
  type AccountStateUpdate,
  type PricesTick,
} from '../../contract/platform.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import type { TradingPlatform } from '../platform/port.ts';

/** The fastest an account's state reaches its channel (ADR 0080: at most once a second). */
export const ACCOUNT_STATE_MIN_INTERVAL_MS = 1_000;

type Log = { error(obj: object, msg: string): void };

/**
 * The platform's updates onto the realtime channels: every quote change on the public `prices`
 * channel, an account's state and its changes on its private channel (joined only by its owner,
 * server/http/broadcasting.ts). Runs in every app process; the platform reports in whichever
 * process its work happens (the leader's ticks, any process's orders), and the broadcaster
 * carries it to every process's sockets. An account's state is sent at most once a second, the
 * latest one winning. Answers the unsubscribe.
 */
export function relayPlatform(platform: TradingPlatform, broadcaster: Broadcaster, log?: Log): () => void {
  const publish = (channel: string, event: string, data: unknown) =>
    void broadcaster.publish(channel, event, data).catch((err: unknown) => log?.error({ err, channel, event }, 'platform update not broadcast'));

  const lastSent = new Map<string, number>();
  const waiting = new Map<string, { update: AccountStateUpdate; timer: NodeJS.Timeout }>();
  const sendState = (update: AccountStateUpdate) => {
    lastSent.set(update.state.login, Date.now());
    publish(accountChannel(update.state.login), ACCOUNT_STATE_EVENT, update);
  };

  const unsubscribe = platform.subscribe({
    onTick(quotes) {
      publish(PRICES_CHANNEL, PRICE_TICK_EVENT, { quotes } satisfies PricesTick);
    },
    onAccountState(update) {
      const login = update.state.login;
      const held = waiting.get(login);
      if (held) {
        held.update = update;
        return;
      }
      const wait = (lastSent.get(login) ?? 0) + ACCOUNT_STATE_MIN_INTERVAL_MS - Date.now();
      if (wait <= 0) return sendState(update);
      const timer = setTimeout(() => {
        const latest = waiting.get(login);
        waiting.delete(login);
        if (latest) sendState(latest.update);
      }, wait);
      timer.unref();
      waiting.set(login, { update, timer });
    },
    onAccountChanged(login, reason) {
      publish(accountChannel(login), ACCOUNT_CHANGED_EVENT, { reason } satisfies AccountChanged);
    },
  });

  return () => {
    unsubscribe();
    for (const { timer } of waiting.values()) clearTimeout(timer);
    waiting.clear();
  };
}
