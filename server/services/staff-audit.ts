import { AUDIT_PER_PAGE, type AuditEntry, type AuditPage } from '../../contract/security-activity.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface AuditRecord {
  actor: { id: number; name: string; email: string };
  action: string;
  objectType: string;
  objectId: string | null;
  summary: Record<string, unknown>;
  status: number;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditFilter {
  page: number;
  /** An actor's id, or part of their e-mail or name. */
  actor?: string | undefined;
  action?: string | undefined;
  object_type?: string | undefined;
  object_id?: string | undefined;
  /** UTC days, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The staff audit log (docs/adr/0088). Append-only: this service has no way to change or remove
 * an entry, and the database refuses UPDATE and DELETE on the table.
 */
export interface StaffAuditService {
  record(entry: AuditRecord): Promise<void>;
  page(filter: AuditFilter, perPage?: number): Promise<AuditPage>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createStaffAuditService({ db, clock }: { db: Db; clock: Clock }): StaffAuditService {
  return {
    async record({ actor, action, objectType, objectId, summary, status, ip, userAgent }) {
      await db
        .insertInto('staff_audit')
        .values({
          actor_id: actor.id,
          actor_name: actor.name,
          actor_email: actor.email,
          action,
          object_type: objectType,
          object_id: objectId,
          summary: JSON.stringify(summary),
          status,
          ip,
          user_agent: userAgent?.slice(0, 500) ?? null,
          created_at: clock().toISOString(),
        })
        .execute();
    },

    async page(filter, perPage = AUDIT_PER_PAGE) {
      let scope = db.selectFrom('staff_audit');
      const actor = filter.actor?.trim();
      if (actor) {
        if (/^\d+$/.test(actor)) scope = scope.where('actor_id', '=', Number(actor));
        else {
          const pattern = `%${escapeLike(actor.toLowerCase())}%`;
          scope = scope.where((eb) =>
            eb.or([eb(eb.fn('lower', ['actor_email']), 'like', eb.val(pattern)), eb(eb.fn('lower', ['actor_name']), 'like', eb.val(pattern))]),
          );
        }
      }
      if (filter.action) scope = scope.where('action', '=', filter.action);
      if (filter.object_type) scope = scope.where('object_type', '=', filter.object_type);
      if (filter.object_id) scope = scope.where('object_id', '=', filter.object_id);
      if (filter.from) scope = scope.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
      if (filter.to) scope = scope.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
      const [rows, count, actions, types] = await Promise.all([
        scope
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(perPage)
          .offset((filter.page - 1) * perPage)
          .execute(),
        scope.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
        db.selectFrom('staff_audit').select('action').distinct().orderBy('action').execute(),
        db.selectFrom('staff_audit').select('object_type').distinct().orderBy('object_type').execute(),
      ]);
      const total = Number(count.n);
      const data = rows.map(
        (row): AuditEntry => ({
          id: row.id,
          actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
          action: row.action,
          object_type: row.object_type,
          object_id: row.object_id,
          summary: JSON.parse(row.summary) as Record<string, unknown>,
          status: row.status,
          ip: row.ip,
          user_agent: row.user_agent,
          created_at: row.created_at,
        }),
      );
      return {
        data,
        meta: { current_page: filter.page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
        actions: actions.map((r) => r.action),
        object_types: types.map((r) => r.object_type),
      };
    },
  };
}
