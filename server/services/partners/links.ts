import { randomBytes, randomInt } from 'node:crypto';
import { FLAG_LOOKBACK_DAYS, type FlagReason, PARTNER_CODE_LENGTH, PARTNER_LINKS_MAX, type PartnerLink, partnerLinkPath } from '../../../contract/partners.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { deviceLabel } from '../devices.ts';
import { fail } from '../rule-error.ts';
import { hashToken } from '../tokens.ts';

/** Referral links, their clicks (the first-touch cookie) and the one attribution of a registration. */

const DAY_MS = 86_400_000;
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < PARTNER_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** An address compared for self-referral: lower case, without a `+tag` and the dots of the local part. */
export function comparableEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at).split('+')[0]!.replaceAll('.', '');
  return `${local}${lower.slice(at)}`;
}

/** This machine: a development or test run where everyone shares it, never a person's address. */
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

export interface Registration {
  userId: number;
  email: string;
  /** The cookie's value, if the browser sent one. */
  token: string | null;
  ip: string | null;
  /** The `trusted_device` cookie the registration came with, if any. */
  deviceToken: string | null;
}

/** What became of a registration: counted for a partner, held for staff, or none (no cookie, expired, self-referral). */
export type Attribution = { outcome: 'counted' | 'flagged'; partnerId: number; partnerUserId: number; linkId: number } | { outcome: 'none'; why: 'no_cookie' | 'expired' | 'self_referral' };

export interface LinkService {
  list(partnerId: number): Promise<PartnerLink[]>;
  create(partnerId: number, campaign: string): Promise<PartnerLink>;
  /**
   * A visit through `/r/{code}`: records the click and answers the token to set as the cookie, or
   * null when the browser holds a valid cookie already (first touch wins), the code is unknown or its partner closed their account.
   */
  visit(code: string, currentToken: string | null, ip: string | null, userAgent: string | null): Promise<{ token: string | null; known: boolean }>;
  /** Attributes a new user from their cookie, once and for good (unique on the user). */
  attribute(registration: Registration): Promise<Attribution>;
}

export function createLinkService({ db, clock, appUrl, cookieDays }: { db: Db; clock: Clock; appUrl: string; cookieDays: number }): LinkService {
  const urlOf = (code: string) => new URL(partnerLinkPath(code), appUrl).toString();

  async function counts(linkIds: number[]): Promise<{ clicks: Map<number, number>; registrations: Map<number, number> }> {
    if (linkIds.length === 0) return { clicks: new Map(), registrations: new Map() };
    const clicks = await db
      .selectFrom('partner_clicks')
      .select(['link_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('link_id', 'in', linkIds)
      .groupBy('link_id')
      .execute();
    const registrations = await db
      .selectFrom('partner_attributions')
      .select(['link_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('link_id', 'in', linkIds)
      .where('state', '=', 'counted')
      .groupBy('link_id')
      .execute();
    return {
      clicks: new Map(clicks.map((r) => [r.link_id, Number(r.n)])),
      registrations: new Map(registrations.map((r) => [r.link_id, Number(r.n)])),
    };
  }

  /** A valid click: it exists and its cookie's lifetime has not run out. */
  async function liveClick(token: string | null) {
    if (!token || !/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
    const click = await db
      .selectFrom('partner_clicks as c')
      .innerJoin('partner_links as l', 'l.id', 'c.link_id')
      .innerJoin('partners as p', 'p.id', 'l.partner_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['c.id', 'c.link_id', 'c.created_at', 'l.partner_id'])
      .where('c.token', '=', token)
      // A closed partner's cookie attributes no one (it was set before they closed).
      .where('u.closed_at', 'is', null)
      .executeTakeFirst();
    if (!click) return null;
    const expired = Date.parse(click.created_at) + cookieDays * DAY_MS < clock().getTime();
    return { ...click, expired };
  }

  /**
   * What of the partner's own use matches the registration: an address the partner signed in from
   * recently (sessions and the security feed), or a device the partner trusted (its `trusted_device`
   * cookie came with the registration). A User-Agent alone is no device: every browser of one
   * version on one system sends the same.
   */
  async function ownTrace(partnerUserId: number, ip: string | null, deviceToken: string | null): Promise<{ reason: FlagReason; matched: string } | null> {
    const since = new Date(clock().getTime() - FLAG_LOOKBACK_DAYS * DAY_MS).toISOString();
    if (ip && !isLoopback(ip)) {
      const [event, session] = await Promise.all([
        db.selectFrom('security_events').select('id').where('user_id', '=', partnerUserId).where('ip', '=', ip).where('created_at', '>=', since).executeTakeFirst(),
        db.selectFrom('personal_access_tokens').select('id').where('user_id', '=', partnerUserId).where('ip', '=', ip).where('created_at', '>=', since).executeTakeFirst(),
      ]);
      if (event || session) return { reason: 'same_ip', matched: ip };
    }
    if (deviceToken && deviceToken.length <= 100) {
      const device = await db
        .selectFrom('trusted_devices')
        .select('user_agent')
        .where('user_id', '=', partnerUserId)
        .where('token_hash', '=', hashToken(deviceToken))
        .where('created_at', '>=', new Date(clock().getTime() - 400 * DAY_MS).toISOString())
        .executeTakeFirst();
      if (device) return { reason: 'same_device', matched: deviceLabel(device.user_agent) };
    }
    return null;
  }

  return {
    async list(partnerId) {
      const rows = await db.selectFrom('partner_links').select(['id', 'code', 'campaign', 'created_at']).where('partner_id', '=', partnerId).orderBy('id', 'desc').execute();
      const { clicks, registrations } = await counts(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, url: urlOf(r.code), clicks: clicks.get(r.id) ?? 0, registrations: registrations.get(r.id) ?? 0 }));
    },

    async create(partnerId, campaign) {
      const existing = await db
        .selectFrom('partner_links')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow();
      if (Number(existing.n) >= PARTNER_LINKS_MAX) fail('campaign', 'max_numeric', { params: { max: PARTNER_LINKS_MAX } });
      const now = clock().toISOString();
      for (let attempt = 0; ; attempt++) {
        const code = newCode();
        try {
          const { id } = await db.insertInto('partner_links').values({ partner_id: partnerId, code, campaign: campaign.trim(), created_at: now }).returning('id').executeTakeFirstOrThrow();
          return { id, code, campaign: campaign.trim(), url: urlOf(code), created_at: now, clicks: 0, registrations: 0 };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt > 5) throw error;
        }
      }
    },

    async visit(code, currentToken, ip, userAgent) {
      // A closed partner's links lead to the registration like any address, without a cookie.
      const link = await db
        .selectFrom('partner_links as l')
        .innerJoin('partners as p', 'p.id', 'l.partner_id')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select('l.id')
        .where('l.code', '=', code)
        .where('u.closed_at', 'is', null)
        .executeTakeFirst();
      if (!link) return { token: null, known: false };
      const token = randomBytes(18).toString('base64url');
      await db
        .insertInto('partner_clicks')
        .values({ link_id: link.id, token, ip, user_agent: userAgent?.slice(0, 500) ?? null, created_at: clock().toISOString() })
        .execute();
      // First touch wins: a cookie of a click still in its lifetime is kept, whoever's link it was.
      const current = await liveClick(currentToken);
      return { token: current && !current.expired ? null : token, known: true };
    },

    async attribute({ userId, email, token, ip, deviceToken }) {
      const click = await liveClick(token);
      if (!click) return { outcome: 'none', why: 'no_cookie' };
      if (click.expired) return { outcome: 'none', why: 'expired' };
      const partner = await db
        .selectFrom('partners as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select(['p.id', 'p.user_id', 'u.email'])
        .where('p.id', '=', click.partner_id)
        .executeTakeFirstOrThrow();
      // The partner registering again through their own link earns nothing from it.
      if (partner.user_id === userId || comparableEmail(partner.email) === comparableEmail(email)) return { outcome: 'none', why: 'self_referral' };
      const trace = await ownTrace(partner.user_id, ip, deviceToken);
      const now = clock().toISOString();
      const attributed = await db
        .transaction()
        .execute(async (trx) => {
          const { id } = await trx
            .insertInto('partner_attributions')
            .values({ user_id: userId, partner_id: partner.id, link_id: click.link_id, click_id: click.id, state: trace ? 'flagged' : 'counted', created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (trace) await trx.insertInto('partner_flags').values({ attribution_id: id, reason: trace.reason, matched: trace.matched, state: 'open', resolved_at: null, resolved_by: null, created_at: now }).execute();
          return true;
        })
        .catch((error: unknown) => {
          // Attributed already: once and for good.
          if (isUniqueViolation(error)) return false;
          throw error;
        });
      if (!attributed) return { outcome: 'none', why: 'no_cookie' };
      return { outcome: trace ? 'flagged' : 'counted', partnerId: partner.id, partnerUserId: partner.user_id, linkId: click.link_id };
    },
  };
}
