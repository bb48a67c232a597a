import type { AdminPartner, RewardLine } from '../../../contract/partners.ts';
import type { Db } from '../../db/schema.ts';
import type { TradingPlatform } from '../../platform/port.ts';
import type { Clock } from '../clock.ts';
import type { Lifecycles } from '../lifecycle.ts';
import { fail } from '../rule-error.ts';
import type { WalletService } from '../wallet.ts';
import { adminPartners, assignPlan, createPartner, partnerOfUser, partnerView } from './accounts.ts';
import { type ApplicationDecided, type ApplicationService, createApplicationService } from './applications.ts';
import { createFlagService, type FlagService } from './flags.ts';
import { type Attribution, createLinkService, type LinkService, type Registration } from './links.ts';
import { createPayoutService, type PayoutService } from './payouts.ts';
import { createPlanService, dayOf, type PlanService } from './plans.ts';
import { createReportService, type ReportService } from './reports.ts';
import { createRewardService, type RewardCredited, type RewardService } from './rewards.ts';

export { PartnerRefused } from './errors.ts';
export { scheduleAccrual } from './rewards.ts';

/** What the program tells people (notifications.ts wires it; each defaults to nothing). */
export interface PartnerNotices {
  applicationDecided?: ApplicationDecided;
  /** A registration through the partner's link was counted for them. */
  clientAttributed?: (partnerUserId: number, client: { id: number; name: string }) => Promise<void>;
  rewardCredited?: RewardCredited;
}

/** The partner program (docs/adr/0095), split by concern; routes call these, never the tables. */
export interface PartnerServices {
  plans: PlanService;
  applications: ApplicationService;
  links: LinkService;
  rewards: RewardService;
  payouts: PayoutService;
  reports: ReportService;
  flags: FlagService;
  /** The caller's partner id, or null when they are not a partner. */
  partnerIdOf(userId: number): Promise<number | null>;
  /** Attributes a registration; never throws (a registration is not refused for its link). */
  attribute(registration: Registration): Promise<Attribution | null>;
  /** Staff make a client a partner directly (PartnerRefused `already_partner` when they are). */
  makePartner(staffId: number, userId: number, planId?: number): Promise<AdminPartner>;
  list(): Promise<AdminPartner[]>;
  /** Staff: from `effectiveFrom` (default today) on. */
  assignPlan(staffId: number, partnerId: number, planId: number, effectiveFrom?: string): Promise<AdminPartner>;
  setShowEmails(partnerId: number, show: boolean): Promise<AdminPartner>;
  /** Staff count or dismiss a flagged attribution. */
  resolveFlag: FlagService['resolve'];
  /** The user's part of their data export (docs/adr/0099): null when they never were a partner. */
  exportData(userId: number): Promise<PartnerExport | null>;
}

/** The partner.json of a data export: what the partner's screens show, every reward line and payout. */
export interface PartnerExport {
  partner: Awaited<ReturnType<typeof partnerView>>;
  links: Awaited<ReturnType<LinkService['list']>>;
  /** Masked as on the partner's own screen. */
  clients: Awaited<ReturnType<ReportService['clients']>>;
  rewards: RewardLine[];
  payouts: Awaited<ReturnType<PayoutService['list']>>;
}

export interface PartnerDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  lifecycles: Lifecycles;
  appUrl: string;
  cookieDays: number;
  notices?: PartnerNotices;
  log?: { error(obj: object, msg: string): void };
}

export function createPartnerServices({ db, clock, platform, lifecycles, appUrl, cookieDays, notices = {}, log }: PartnerDeps): PartnerServices {
  const plans = createPlanService({ db, clock });
  const applications = createApplicationService({ db, clock, lifecycles, plans, ...(notices.applicationDecided ? { decided: notices.applicationDecided } : {}) });
  const links = createLinkService({ db, clock, appUrl, cookieDays });
  const rewards = createRewardService({ db, clock, platform, ...(notices.rewardCredited ? { credited: notices.rewardCredited } : {}) });
  const payouts = createPayoutService({ db, clock, platform });
  const reports = createReportService({ db, clock, platform });
  const flags = createFlagService({ db, clock });

  const one = async (id: number): Promise<AdminPartner> => {
    const [partner] = await adminPartners(db, clock().toISOString(), id);
    if (!partner) throw new Error(`partner ${id} is gone`);
    return partner;
  };
  const tellAttributed = async (partnerUserId: number, clientUserId: number) => {
    const client = await db.selectFrom('users').select(['id', 'first_name', 'second_name']).where('id', '=', clientUserId).executeTakeFirst();
    if (client) await notices.clientAttributed?.(partnerUserId, { id: client.id, name: `${client.first_name} ${client.second_name}`.trim() });
  };

  return {
    plans,
    applications,
    links,
    rewards,
    payouts,
    reports,
    flags,

    async partnerIdOf(userId) {
      return (await partnerOfUser(db, userId))?.id ?? null;
    },

    async attribute(registration) {
      try {
        const result = await links.attribute(registration);
        if (result.outcome === 'counted') await tellAttributed(result.partnerUserId, registration.userId);
        return result;
      } catch (err) {
        log?.error({ err, userId: registration.userId }, 'partner attribution failed');
        return null;
      }
    },

    async makePartner(staffId, userId, planId) {
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).where('closed_at', 'is', null).executeTakeFirst();
      if (!user) fail('user_id', 'exists');
      const id = await db.transaction().execute(async (trx) => createPartner(trx, userId, await plans.pick(trx, planId, 'plan_id'), staffId, clock().toISOString()));
      return one(id);
    },

    list: () => adminPartners(db, clock().toISOString()),

    async assignPlan(staffId, partnerId, planId, effectiveFrom) {
      const now = clock().toISOString();
      await assignPlan(db, partnerId, planId, effectiveFrom ?? dayOf(now), staffId, now);
      return one(partnerId);
    },

    async setShowEmails(partnerId, show) {
      await db.updateTable('partners').set({ show_emails: show ? 1 : 0 }).where('id', '=', partnerId).execute();
      return one(partnerId);
    },

    async exportData(userId) {
      const partner = await partnerOfUser(db, userId);
      if (!partner) return null;
      const rewardLines: RewardLine[] = [];
      for (let before: number | undefined; ; ) {
        const page = await reports.rewards(partner.id, { before, per_page: 500 });
        rewardLines.push(...page.data);
        if (page.next_before === null) break;
        before = page.next_before;
      }
      return {
        partner: await partnerView(db, partner, clock().toISOString()),
        links: await links.list(partner.id),
        clients: await reports.clients(partner.id),
        rewards: rewardLines,
        payouts: await payouts.list(partner.id),
      };
    },

    async resolveFlag(staffId, id, decision) {
      const result = await flags.resolve(staffId, id, decision);
      if (result.counted) {
        const { partnerUserId, clientUserId } = result.counted;
        // Held, the client's deposit and deals earned nothing; counted now, they earn what they would have (once: lines are unique per source).
        await rewards.accrueClient(clientUserId).catch((err: unknown) => log?.error({ err, clientUserId }, 'partner: late accrual failed; the daily job pays the CPA, the deals stay unpaid until counted again'));
        await tellAttributed(partnerUserId, clientUserId).catch((err: unknown) => log?.error({ err }, 'partner: attribution not told'));
      }
      return result;
    },
  };
}

/** The wallet, with a completed live deposit rewarded at once (the CPA); the daily job catches any it missed. */
export function rewardingDeposits(wallet: WalletService, rewards: Pick<RewardService, 'rewardDeposit'>, log?: { error(obj: object, msg: string): void }): WalletService {
  const reward = async (entryId: number) => {
    try {
      await rewards.rewardDeposit(entryId);
    } catch (err) {
      log?.error({ err, entryId }, 'partner CPA failed; the daily job retries it');
    }
  };
  return {
    ...wallet,
    async decide(staffId, entryId, decision) {
      const result = await wallet.decide(staffId, entryId, decision);
      if (result && result.kind === 'deposit' && result.status === 'completed') await reward(entryId);
      return result;
    },
    async request(userId, operation, body, key, guards) {
      const answer = await wallet.request(userId, operation, body, key, guards);
      if (operation === 'deposit' && !answer.replayed && answer.body.status === 'completed') await reward(answer.body.id);
      return answer;
    },
  };
}
