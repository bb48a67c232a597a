import type { AdminPartnerApplication, PartnerApplication, PartnerApplicationState, PartnerMe } from '../../../contract/partners.ts';
import type { PartnerApplicationBody } from '../../../contract/partners.schema.ts';
import { partnerApplicationMachine } from '../../../machines/partner-application/partner-application.machine.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { LifecycleActor, LifecycleDefinition, Lifecycles } from '../lifecycle.ts';
import { NotFoundError } from '../service-errors.ts';
import { createPartner, fullName, partnerOfUser, partnerView } from './accounts.ts';
import { PartnerRefused } from './errors.ts';
import type { PlanService } from './plans.ts';

/** A client's application to the program: its machine, stored in `partner_applications.state` (docs/adr/0082). */
export const partnerApplicationLifecycle = {
  kind: 'partner_application',
  machine: partnerApplicationMachine,
  table: 'partner_applications',
  column: 'state',
} as const satisfies LifecycleDefinition<typeof partnerApplicationMachine>;

const SYSTEM: LifecycleActor = { id: null, role: 'system' };

/** Told after a decision (notifications), the application as the client reads it. */
export type ApplicationDecided = (userId: number, application: PartnerApplication) => Promise<void>;

export interface ApplicationService {
  me(userId: number): Promise<PartnerMe>;
  /** 409 (PartnerRefused) when the caller is a partner or has an application waiting; approved at once when a plan is automatic. */
  apply(userId: number, body: { website: string | null; description: string }): Promise<PartnerApplication>;
  list(state?: PartnerApplicationState): Promise<AdminPartnerApplication[]>;
  /** 404 when there is none; 409 (TransitionRefused) when it is decided already. */
  approve(staffId: number, id: number, planId?: number): Promise<AdminPartnerApplication>;
  reject(staffId: number, id: number, reason: string): Promise<AdminPartnerApplication>;
}

type Row = { id: number; user_id: number; state: PartnerApplicationState; website: string | null; description: string; reason: string | null; decided_at: string | null; created_at: string };
const COLUMNS = ['id', 'user_id', 'state', 'website', 'description', 'reason', 'decided_at', 'created_at'] as const;

export function createApplicationService({ db, clock, lifecycles, plans, decided }: { db: Db; clock: Clock; lifecycles: Lifecycles; plans: PlanService; decided?: ApplicationDecided }): ApplicationService {
  async function toApplication(row: Row): Promise<PartnerApplication> {
    const { steps } = await lifecycles.timeline(db, partnerApplicationLifecycle, row.id);
    return { id: row.id, state: row.state, website: row.website, description: row.description, reason: row.reason, created_at: row.created_at, decided_at: row.decided_at, timeline: steps };
  }

  async function toAdmin(row: Row): Promise<AdminPartnerApplication> {
    const user = await db.selectFrom('users').select(['id', 'first_name', 'second_name', 'email']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    return { ...(await toApplication(row)), user: { id: user.id, name: fullName(user), email: user.email } };
  }

  const byId = async (trx: Db, id: number) => (await trx.selectFrom('partner_applications').select(COLUMNS).where('id', '=', id).executeTakeFirst()) as Row | undefined;

  async function tell(row: Row) {
    try {
      await decided?.(row.user_id, await toApplication(row));
    } catch (error) {
      console.error('partner application: the decision was stored but not told', error);
    }
  }

  async function approveRow(trx: Db, row: Row, actor: LifecycleActor, planId: number | undefined, automatic: boolean): Promise<void> {
    const plan = await plans.pick(trx, planId, 'plan_id');
    const at = clock().toISOString();
    await lifecycles.transition(trx, partnerApplicationLifecycle, {
      id: row.id,
      from: row.state,
      event: { type: automatic ? 'application.auto_approve' : 'application.approve' },
      actor,
      set: { decided_at: at, reason: null },
    });
    await createPartner(trx, row.user_id, plan, actor.id, at);
  }

  return {
    async me(userId) {
      const partner = await partnerOfUser(db, userId);
      const latest = (await db.selectFrom('partner_applications').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst()) as Row | undefined;
      const application = latest ? await toApplication(latest) : null;
      if (partner) return { status: 'partner', application, partner: await partnerView(db, partner, clock().toISOString()) };
      const status = !latest ? 'none' : latest.state === 'submitted' ? 'applied' : latest.state === 'rejected' ? 'rejected' : 'none';
      return { status, application, partner: null };
    },

    async apply(userId, body: PartnerApplicationBody & { website: string | null }) {
      const id = await db.transaction().execute(async (trx) => {
        if (await partnerOfUser(trx, userId)) throw new PartnerRefused('already_partner');
        const now = clock().toISOString();
        let created: { id: number };
        try {
          created = await trx
            .insertInto('partner_applications')
            .values({ user_id: userId, state: 'submitted', website: body.website, description: body.description, reason: null, decided_at: null, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
        } catch (error) {
          if (isUniqueViolation(error)) throw new PartnerRefused('application_waiting');
          throw error;
        }
        await lifecycles.record(trx, partnerApplicationLifecycle, created.id, { id: userId, role: 'client' }, now);
        // A plan marked automatic approves at once.
        const automatic = await plans.automatic(trx);
        if (automatic) await approveRow(trx, (await byId(trx, created.id))!, SYSTEM, automatic.id, true);
        return created.id;
      });
      const row = (await byId(db, id))!;
      if (row.state === 'approved') await tell(row);
      return toApplication(row);
    },

    async list(state) {
      let query = db.selectFrom('partner_applications').select(COLUMNS).orderBy('id', 'desc').limit(200);
      if (state) query = query.where('state', '=', state);
      return Promise.all(((await query.execute()) as Row[]).map(toAdmin));
    },

    async approve(staffId, id, planId) {
      await db.transaction().execute(async (trx) => {
        const row = await byId(trx, id);
        if (!row) throw new NotFoundError('application');
        await approveRow(trx, row, { id: staffId, role: 'staff' }, planId, false);
      });
      const row = (await byId(db, id))!;
      await tell(row);
      return toAdmin(row);
    },

    async reject(staffId, id, reason) {
      const row = await byId(db, id);
      if (!row) throw new NotFoundError('application');
      const at = clock().toISOString();
      await lifecycles.transition(db, partnerApplicationLifecycle, {
        id,
        from: row.state,
        event: { type: 'application.reject', reason },
        actor: { id: staffId, role: 'staff' },
        set: { decided_at: at, reason: reason.trim() },
      });
      const after = (await byId(db, id))!;
      await tell(after);
      return toAdmin(after);
    },
  };
}
