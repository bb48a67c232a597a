import { type AgentAlerts, PRESENCE_ADMIN_CHANNEL, DEFAULT_OFFICE_HOURS, type OfficeHours, SUPPORT_CHANNEL, SUPPORT_STATUS_EVENT, type SupportStatus } from '../../contract/support.ts';
import { officeHoursAt } from '../../contract/support-hours.ts';
import type { Db } from '../db/schema.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { hmacHex, sameSignature } from '../realtime/protocol.ts';
import type { WebhookEvent } from '../realtime/webhooks.ts';
import type { ChatService } from './chat.ts';
import type { Clock } from './clock.ts';

const OFFICE_HOURS_KEY = 'office_hours';
const CHAT_PRESENCE = /^presence-chat\.(\d+)$/;

/** What a webhook delivery came to: 200, 401 (not signed by the app's key and secret) or 400. */
export type WebhookOutcome = 'accepted' | 'unsigned' | 'malformed';

export interface SupportService {
  /**
   * A Pusher webhook delivery (`{time_ms, events}`, X-Pusher-Key, X-Pusher-Signature): checked
   * as the `pusher` SDK's `webhook().isValid()` checks it, then `member_added` and
   * `member_removed` move the user in or out of `presence_members` and set their `last_seen_at`.
   * The same for the embedded hub and for an external Pusher-compatible service.
   */
  receiveWebhook(headers: { key: string | undefined; signature: string | undefined }, body: string): Promise<WebhookOutcome>;
  status(): Promise<SupportStatus>;
  officeHours(): Promise<OfficeHours>;
  setOfficeHours(hours: OfficeHours): Promise<OfficeHours>;
  /** The agent's own alerts, kept on the server so that they follow the agent to any browser. */
  agentAlerts(userId: number): Promise<AgentAlerts>;
  setAgentAlerts(userId: number, alerts: AgentAlerts): Promise<AgentAlerts>;
  /** This process's hub starts with no one in it: members recorded by a hub that stopped are gone. */
  forgetMembers(): Promise<void>;
}

export interface SupportServiceDeps {
  db: Db;
  clock: Clock;
  broadcaster: Broadcaster;
  chat: ChatService;
  pusher: { key: string; secret: string };
  log?: { error(obj: object, msg: string): void };
}

export function createSupportService({ db, clock, broadcaster, chat, pusher, log }: SupportServiceDeps): SupportService {
  const staffOnline = async () =>
    (await db.selectFrom('presence_members').select('user_id').where('channel', '=', PRESENCE_ADMIN_CHANNEL).limit(1).executeTakeFirst()) !== undefined;

  async function officeHours(): Promise<OfficeHours> {
    const row = await db.selectFrom('support_settings').select('value').where('key', '=', OFFICE_HOURS_KEY).executeTakeFirst();
    return row ? { ...DEFAULT_OFFICE_HOURS, ...(JSON.parse(row.value) as Partial<OfficeHours>) } : DEFAULT_OFFICE_HOURS;
  }

  async function status(): Promise<SupportStatus> {
    const [online, hours] = [await staffOnline(), await officeHours()];
    const now = officeHoursAt(hours, clock());
    const availability = online ? 'online' : now.in_hours ? 'away' : 'closed';
    return { online, availability, closes_at: now.closes_at, opens_at: now.opens_at, office_hours: hours };
  }

  async function announceStatus(): Promise<void> {
    try {
      await broadcaster.publish(SUPPORT_CHANNEL, SUPPORT_STATUS_EVENT, await status());
    } catch (err) {
      log?.error({ err }, 'realtime: support status not broadcast');
    }
  }

  /** Applies one event; answers what changed for the staff's screens. */
  async function apply(event: WebhookEvent, now: string): Promise<{ staff: boolean; roomId: number | null }> {
    const roomId = Number(CHAT_PRESENCE.exec(event.channel)?.[1] ?? 0) || null;
    const staff = event.channel === PRESENCE_ADMIN_CHANNEL;
    if (event.name === 'channel_vacated') {
      // Nobody is left: whatever a lost member_removed left behind goes too.
      await db.deleteFrom('presence_members').where('channel', '=', event.channel).execute();
      return { staff, roomId };
    }
    if (event.name !== 'member_added' && event.name !== 'member_removed') return { staff: false, roomId: null };
    const userId = Number(event.user_id);
    if (!Number.isSafeInteger(userId) || userId <= 0) return { staff: false, roomId: null };
    const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return { staff: false, roomId: null };
    if (event.name === 'member_added') {
      await db
        .insertInto('presence_members')
        .values({ channel: event.channel, user_id: userId, joined_at: now })
        .onConflict((oc) => oc.columns(['channel', 'user_id']).doNothing())
        .execute();
    } else {
      await db.deleteFrom('presence_members').where('channel', '=', event.channel).where('user_id', '=', userId).execute();
    }
    await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', userId).execute();
    return { staff, roomId };
  }

  return {
    async receiveWebhook({ key, signature }, body) {
      if (key !== pusher.key || !sameSignature(hmacHex(pusher.secret, body), signature)) return 'unsigned';
      let events: WebhookEvent[];
      try {
        const parsed = JSON.parse(body) as { events?: unknown };
        if (!Array.isArray(parsed.events)) return 'malformed';
        events = parsed.events.filter(
          (e): e is WebhookEvent => typeof e === 'object' && e !== null && typeof (e as WebhookEvent).name === 'string' && typeof (e as WebhookEvent).channel === 'string',
        );
      } catch {
        return 'malformed';
      }
      const now = clock().toISOString();
      const rooms = new Set<number>();
      let staffChanged = false;
      const wasOnline = await staffOnline();
      for (const event of events) {
        const changed = await apply(event, now);
        if (changed.roomId) rooms.add(changed.roomId);
        staffChanged ||= changed.staff;
      }
      // The staff's room list shows the client online or last seen; the chat widgets whether support is there.
      for (const roomId of rooms) await chat.announceRoom(roomId);
      if (staffChanged && wasOnline !== (await staffOnline())) await announceStatus();
      return 'accepted';
    },

    status,
    officeHours,

    async setOfficeHours(hours) {
      const value = JSON.stringify(hours);
      const now = clock().toISOString();
      await db
        .insertInto('support_settings')
        .values({ key: OFFICE_HOURS_KEY, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
      await announceStatus();
      return hours;
    },

    async agentAlerts(userId) {
      const row = await db.selectFrom('agent_alerts').select('sound').where('user_id', '=', userId).executeTakeFirst();
      return { sound: row?.sound === 1 };
    },

    async setAgentAlerts(userId, alerts) {
      const sound = alerts.sound ? 1 : 0;
      const now = clock().toISOString();
      await db
        .insertInto('agent_alerts')
        .values({ user_id: userId, sound, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ sound, updated_at: now }))
        .execute();
      return { sound: alerts.sound };
    },

    async forgetMembers() {
      await db.deleteFrom('presence_members').execute();
    },
  };
}
