import type { Redis } from 'ioredis';

/** A presence channel's member as the protocol carries it (`channel_data`). */
export interface Member {
  user_id: string;
  user_info?: unknown;
}

/**
 * What the hubs of all app processes share about channels: how many sockets each channel holds
 * (for channel_occupied/vacated and the HTTP API) and who is in each presence channel, counted
 * per user so that a user's second tab neither adds nor, when it closes, removes them.
 * In memory for one process; in Redis (REDIS_URL) for several.
 */
export interface ChannelState {
  /** One more socket on the channel; answers how many there are now. */
  occupy(channel: string): Promise<number>;
  /** One socket fewer; answers how many are left. */
  vacate(channel: string): Promise<number>;
  /** Every occupied channel with its socket count. */
  occupancy(): Promise<Map<string, number>>;
  /** One socket of the member joins; `added` when the user had no socket there before. */
  join(channel: string, member: Member): Promise<{ added: boolean; members: Member[] }>;
  /** One socket of the user leaves; `removed` when it was the user's last one there. */
  leave(channel: string, userId: string): Promise<{ removed: boolean }>;
  members(channel: string): Promise<Member[]>;
}

export function memoryChannelState(): ChannelState {
  const sockets = new Map<string, number>();
  const presence = new Map<string, Map<string, { info: unknown; sockets: number }>>();
  const membersOf = (channel: string): Member[] =>
    [...(presence.get(channel) ?? new Map<string, { info: unknown }>())].map(([user_id, { info }]) => ({ user_id, user_info: info }));
  return {
    async occupy(channel) {
      const count = (sockets.get(channel) ?? 0) + 1;
      sockets.set(channel, count);
      return count;
    },
    async vacate(channel) {
      const count = (sockets.get(channel) ?? 1) - 1;
      if (count > 0) sockets.set(channel, count);
      else sockets.delete(channel);
      return Math.max(0, count);
    },
    async occupancy() {
      return new Map(sockets);
    },
    async join(channel, member) {
      let users = presence.get(channel);
      if (!users) presence.set(channel, (users = new Map()));
      const known = users.get(member.user_id);
      if (known) known.sockets += 1;
      else users.set(member.user_id, { info: member.user_info, sockets: 1 });
      return { added: !known, members: membersOf(channel) };
    },
    async leave(channel, userId) {
      const users = presence.get(channel);
      const known = users?.get(userId);
      if (!users || !known) return { removed: false };
      known.sockets -= 1;
      if (known.sockets > 0) return { removed: false };
      users.delete(userId);
      if (users.size === 0) presence.delete(channel);
      return { removed: true };
    },
    async members(channel) {
      return membersOf(channel);
    },
  };
}

const PREFIX = 'traderoom:realtime:';
const OCCUPANCY = `${PREFIX}occupancy`;
const counts = (channel: string) => `${PREFIX}presence:${channel}`;
const infos = (channel: string) => `${PREFIX}presence-info:${channel}`;

// Each step is one script, so that two processes never interleave between the count and the info.
const DECREMENT = `local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;
const JOIN = `local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
if n == 1 then redis.call('HSET', KEYS[2], ARGV[1], ARGV[2]) end
return {n, redis.call('HGETALL', KEYS[2])}`;
const LEAVE = `local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]); redis.call('HDEL', KEYS[2], ARGV[1]) end
return n`;

function membersFrom(flat: string[]): Member[] {
  const members: Member[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) members.push({ user_id: flat[i]!, user_info: JSON.parse(flat[i + 1]!) as unknown });
  return members;
}

/**
 * The shared state in Redis. A process that dies without closing its sockets leaves its counts
 * behind (its members stay listed) until the channel's keys are removed: the known limit of
 * counting without per-process leases.
 */
export function redisChannelState(redis: Redis): ChannelState {
  return {
    async occupy(channel) {
      return redis.hincrby(OCCUPANCY, channel, 1);
    },
    async vacate(channel) {
      return Math.max(0, Number(await redis.eval(DECREMENT, 1, OCCUPANCY, channel)));
    },
    async occupancy() {
      const all = await redis.hgetall(OCCUPANCY);
      return new Map(Object.entries(all).map(([channel, count]) => [channel, Number(count)]));
    },
    async join(channel, member) {
      const [count, flat] = (await redis.eval(JOIN, 2, counts(channel), infos(channel), member.user_id, JSON.stringify(member.user_info ?? null))) as [
        number,
        string[],
      ];
      return { added: Number(count) === 1, members: membersFrom(flat) };
    },
    async leave(channel, userId) {
      return { removed: Number(await redis.eval(LEAVE, 2, counts(channel), infos(channel), userId)) <= 0 };
    },
    async members(channel) {
      return membersFrom(Object.entries(await redis.hgetall(infos(channel))).flat());
    },
  };
}
