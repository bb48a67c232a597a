import { randomUUID } from 'node:crypto';
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
  /**
   * Several processes only: how often the hub calls `maintain`, which renews this process's lease
   * and takes out what processes whose lease ran out (they died without leaving) still held.
   */
  readonly heartbeatMs?: number;
  maintain?(): Promise<Departed>;
  /** This process stops: its lease goes, so no one waits for it to run out. */
  retire?(): Promise<void>;
}

/** What dead processes held: members whose last socket was there, and channels left empty. */
export interface Departed {
  removed: Array<{ channel: string; user_id: string }>;
  vacated: string[];
  /**
   * This process's own lease had run out (it stalled past the lease) and another process took its
   * members out: the hub registers its sockets again.
   */
  revived: boolean;
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
const PROCESSES = `${PREFIX}processes`;
const counts = (channel: string) => `${PREFIX}presence:${channel}`;
const infos = (channel: string) => `${PREFIX}presence-info:${channel}`;
/** What one process holds, so that whoever finds it dead can take exactly that out. */
const lease = (id: string) => `${PREFIX}lease:${id}`;
const heldMembers = (id: string) => `${PREFIX}members-of:${id}`;
const heldSockets = (id: string) => `${PREFIX}occupancy-of:${id}`;
/** A channel name never holds a newline (protocol.ts), so it separates channel and user. */
const memberField = (channel: string, userId: string) => `${channel}\n${userId}`;

// Each step is one script, so that two processes never interleave between the count and the info,
// and the process's own tally moves with the shared one.
const OCCUPY = `redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)`;
const VACATE = `local m = redis.call('HINCRBY', KEYS[2], ARGV[1], -1)
if m <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;
const JOIN = `local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
if n == 1 then redis.call('HSET', KEYS[2], ARGV[1], ARGV[2]) end
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
return {n, redis.call('HGETALL', KEYS[2])}`;
const LEAVE = `local m = redis.call('HINCRBY', KEYS[3], ARGV[2], -1)
if m <= 0 then redis.call('HDEL', KEYS[3], ARGV[2]) end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]); redis.call('HDEL', KEYS[2], ARGV[1]) end
return n`;
/** Renews the lease; answers 1 when the process was not registered (first beat, or taken out). */
const BEAT = `redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
return redis.call('SADD', KEYS[2], ARGV[1])`;
/**
 * Takes a dead process out, once: whatever it held is subtracted from the shared counts; answers
 * the members that leaves with no socket and the channels left empty. KEYS: processes, its lease,
 * its members, its sockets; ARGV: its id, the key prefix.
 */
const REAP = `if redis.call('EXISTS', KEYS[2]) == 1 then return {{}, {}} end
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return {{}, {}} end
local removed = {}
local held = redis.call('HGETALL', KEYS[3])
for i = 1, #held, 2 do
  local sep = string.find(held[i], '\\n', 1, true)
  local channel = string.sub(held[i], 1, sep - 1)
  local user = string.sub(held[i], sep + 1)
  local key = ARGV[2] .. 'presence:' .. channel
  if redis.call('HINCRBY', key, user, -tonumber(held[i + 1])) <= 0 then
    redis.call('HDEL', key, user)
    redis.call('HDEL', ARGV[2] .. 'presence-info:' .. channel, user)
    table.insert(removed, channel)
    table.insert(removed, user)
  end
end
local vacated = {}
local sockets = redis.call('HGETALL', KEYS[4])
for i = 1, #sockets, 2 do
  local key = ARGV[2] .. 'occupancy'
  if redis.call('HINCRBY', key, sockets[i], -tonumber(sockets[i + 1])) <= 0 then
    redis.call('HDEL', key, sockets[i])
    table.insert(vacated, sockets[i])
  end
end
redis.call('DEL', KEYS[3], KEYS[4])
return {removed, vacated}`;

function membersFrom(flat: string[]): Member[] {
  const members: Member[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) members.push({ user_id: flat[i]!, user_info: JSON.parse(flat[i + 1]!) as unknown });
  return members;
}

export interface RedisStateOptions {
  /** This process's name in Redis. Default: a random UUID. */
  processId?: string;
  /**
   * How long this process counts as alive without a heartbeat (renewed every third of it): a dead
   * process's members are taken out within about 1⅓ leases. Default 15 s.
   */
  leaseMs?: number;
}

/**
 * The shared state in Redis. Besides the shared counts, each process keeps a tally of what it
 * added under its own lease (a key with a TTL that its heartbeat renews); when a process dies
 * without closing its sockets, the first other process to see its lease gone subtracts that tally,
 * so its members are removed (member_removed, the webhook) within a bounded time.
 */
export function redisChannelState(redis: Redis, options: RedisStateOptions = {}): ChannelState {
  const id = options.processId ?? randomUUID();
  const leaseMs = options.leaseMs ?? 15_000;
  let registered = false;
  return {
    async occupy(channel) {
      return Number(await redis.eval(OCCUPY, 2, OCCUPANCY, heldSockets(id), channel));
    },
    async vacate(channel) {
      return Math.max(0, Number(await redis.eval(VACATE, 2, OCCUPANCY, heldSockets(id), channel)));
    },
    async occupancy() {
      const all = await redis.hgetall(OCCUPANCY);
      return new Map(Object.entries(all).map(([channel, count]) => [channel, Number(count)]));
    },
    async join(channel, member) {
      const [count, flat] = (await redis.eval(
        JOIN,
        3,
        counts(channel),
        infos(channel),
        heldMembers(id),
        member.user_id,
        JSON.stringify(member.user_info ?? null),
        memberField(channel, member.user_id),
      )) as [number, string[]];
      return { added: Number(count) === 1, members: membersFrom(flat) };
    },
    async leave(channel, userId) {
      const left = await redis.eval(LEAVE, 3, counts(channel), infos(channel), heldMembers(id), userId, memberField(channel, userId));
      return { removed: Number(left) <= 0 };
    },
    async members(channel) {
      return membersFrom(Object.entries(await redis.hgetall(infos(channel))).flat());
    },
    heartbeatMs: Math.max(50, Math.floor(leaseMs / 3)),
    async maintain() {
      const added = Number(await redis.eval(BEAT, 2, lease(id), PROCESSES, id, String(leaseMs)));
      const revived = registered && added === 1;
      registered = true;
      const departed: Departed = { removed: [], vacated: [], revived };
      for (const other of await redis.smembers(PROCESSES)) {
        if (other === id) continue;
        const [removed, vacated] = (await redis.eval(REAP, 4, PROCESSES, lease(other), heldMembers(other), heldSockets(other), other, PREFIX)) as [
          string[],
          string[],
        ];
        for (let i = 0; i + 1 < removed.length; i += 2) departed.removed.push({ channel: removed[i]!, user_id: removed[i + 1]! });
        departed.vacated.push(...vacated);
      }
      return departed;
    },
    async retire() {
      await redis.multi().srem(PROCESSES, id).del(lease(id), heldMembers(id), heldSockets(id)).exec();
    },
  };
}
