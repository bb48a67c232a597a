import type { FlagDecision, FlagState, PartnerFlag } from '../../../contract/partners.ts';
import type { Db } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { NotFoundError } from '../service-errors.ts';
import { fullName } from './accounts.ts';
import { PartnerRefused } from './errors.ts';

/** Registrations through a link from the partner's own recent address or device: held for staff, counted or dismissed by them. */

export interface FlagService {
  list(state: FlagState): Promise<PartnerFlag[]>;
  /** 409 (PartnerRefused `decided`) when another reviewer resolved it first. Answers the flag and whom it now counts for. */
  resolve(staffId: number, id: number, decision: FlagDecision): Promise<{ flag: PartnerFlag; counted: { partnerUserId: number; clientUserId: number } | null }>;
}

export function createFlagService({ db, clock }: { db: Db; clock: Clock }): FlagService {
  const query = () =>
    db
      .selectFrom('partner_flags as f')
      .innerJoin('partner_attributions as t', 't.id', 'f.attribution_id')
      .innerJoin('partners as p', 'p.id', 't.partner_id')
      .innerJoin('users as pu', 'pu.id', 'p.user_id')
      .innerJoin('users as cu', 'cu.id', 't.user_id')
      .innerJoin('partner_links as l', 'l.id', 't.link_id')
      .select([
        'f.id',
        'f.state',
        'f.reason',
        'f.matched',
        'f.created_at',
        'f.resolved_at',
        'p.id as partner_id',
        'pu.id as partner_user_id',
        'pu.first_name as partner_first',
        'pu.second_name as partner_second',
        'pu.email as partner_email',
        'cu.id as client_id',
        'cu.first_name as client_first',
        'cu.second_name as client_second',
        'cu.email as client_email',
        'l.id as link_id',
        'l.campaign',
        'l.code',
        't.id as attribution_id',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;
  const toFlag = (r: Row): PartnerFlag => ({
    id: r.id,
    state: r.state,
    reason: r.reason,
    partner: { partner_id: r.partner_id, id: r.partner_user_id, name: fullName({ first_name: r.partner_first, second_name: r.partner_second }), email: r.partner_email },
    client: { id: r.client_id, name: fullName({ first_name: r.client_first, second_name: r.client_second }), email: r.client_email },
    link: { id: r.link_id, campaign: r.campaign, code: r.code },
    matched: r.matched,
    created_at: r.created_at,
    resolved_at: r.resolved_at,
  });

  return {
    async list(state) {
      return (await query().where('f.state', '=', state).orderBy('f.id', 'desc').limit(200).execute()).map(toFlag);
    },

    async resolve(staffId, id, decision) {
      const row = await query().where('f.id', '=', id).executeTakeFirst();
      if (!row) throw new NotFoundError('flag');
      const now = clock().toISOString();
      const state = decision === 'count' ? 'counted' : 'dismissed';
      await db.transaction().execute(async (trx) => {
        const written = await trx.updateTable('partner_flags').set({ state, resolved_at: now, resolved_by: staffId }).where('id', '=', id).where('state', '=', 'open').executeTakeFirst();
        if (Number(written.numUpdatedRows) === 0) throw new PartnerRefused('decided');
        await trx.updateTable('partner_attributions').set({ state }).where('id', '=', row.attribution_id).where('state', '=', 'flagged').execute();
      });
      const flag = toFlag(await query().where('f.id', '=', id).executeTakeFirstOrThrow());
      return { flag, counted: state === 'counted' ? { partnerUserId: row.partner_user_id, clientUserId: row.client_id } : null };
    },
  };
}
