import type { Kysely } from 'kysely';
import { initialTransition, transition, type AnyStateMachine, type EventFromLogic } from 'xstate';
import { expectedAt, type LifecycleActorRole, type LifecycleKind, type Timeline, type TimelineStep } from '../../contract/lifecycle.ts';
import type { MigrationDb } from '../db/dialect.ts';
import type { Database, Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { fail } from './rule-error.ts';
import { NotFoundError } from './service-errors.ts';

/**
 * One formal lifecycle per business object (docs/adr/0082). An object kind is a pure machine of
 * machines/ plus the table and column that store its state. A transition:
 *
 * 1. resolves the stored state on the machine and asks it whether the event may happen there
 *    (guards included) and where it leads: xstate's pure `transition`, no actor, no effect;
 * 2. writes the new state with a compare-and-set (`where <column> = <stored state>`), together with
 *    the columns the caller derives from it, so of two concurrent transitions exactly one writes;
 * 3. records the step (who, when, the reason, the expected time of the next step) in `lifecycle_events`,
 *    in the same transaction.
 *
 * A refused transition (illegal in the stored state, or lost to a concurrent one) throws
 * `TransitionRefused`, which the routes answer with 409 and `http.transition_refused`.
 */
export interface LifecycleDefinition<M extends AnyStateMachine = AnyStateMachine> {
  kind: LifecycleKind;
  machine: M;
  /** The table of the objects; its primary key is `id`. */
  table: keyof Database;
  /** The column holding the machine's state (a flat machine: the state value is a string). */
  column: string;
}

/** Where an object kind's state is stored: enough to record and read its steps (a kind without a machine, chat rooms, has only this). */
export type RecordedKind = Pick<LifecycleDefinition, 'kind' | 'table' | 'column'>;

/** Who makes a transition; `id` is null for the system. */
export interface LifecycleActor {
  id: number | null;
  role: LifecycleActorRole;
}

export interface TransitionRequest<M extends AnyStateMachine> {
  id: number;
  /** The state as the caller read it: the compare-and-set writes only if it is still so. */
  from: string;
  event: EventFromLogic<M>;
  actor: LifecycleActor;
  /** Recorded with the step; defaults to the event's `reason`. */
  reason?: string | null;
  /** When staff expect the next step; defaults to the event's `expected_at`. */
  expectedAt?: string | null;
  /** Other columns written with the state, in the same statement (a decision's time, a status derived from the state). */
  set?: Record<string, unknown>;
  /**
   * Other columns the compare-and-set requires unchanged (a row version): a step that keeps the
   * state (a ticket's rating) is then also written by exactly one of two concurrent requests.
   */
  match?: Record<string, unknown>;
}

export interface TransitionResult {
  from: string;
  to: string;
  /** The recorded step's time (the clock's now), for columns the caller writes after. */
  at: string;
}

/** The event may not happen in the object's state, or another transition changed the state first: 409. */
export class TransitionRefused extends Error {
  override name = 'TransitionRefused';
  constructor(
    readonly kind: LifecycleKind,
    readonly id: number,
    readonly from: string,
    readonly event: string,
  ) {
    super(`${kind} #${id}: ${event} is not possible in ${from}`);
  }
}

/** The state a machine starts in (what `record` stores on creation). */
export function initialState(machine: AnyStateMachine): string {
  const [snapshot] = initialTransition(machine);
  return stateName(snapshot.value);
}

function stateName(value: unknown): string {
  if (typeof value !== 'string') throw new Error('A lifecycle machine is flat: its state value is a string');
  return value;
}

/**
 * Pure: the state `event` leads to from `from`, or null when the machine refuses it there (no such
 * transition, a guard says no, or `from` is not a state of the machine).
 */
export function nextState<M extends AnyStateMachine>(machine: M, from: string, event: EventFromLogic<M>): string | null {
  const logic: AnyStateMachine = machine;
  let snapshot;
  try {
    snapshot = logic.resolveState({ value: from, context: {} });
  } catch {
    return null;
  }
  if (snapshot.status !== 'active' || !snapshot.can(event)) return null;
  const [next] = transition(logic, snapshot, event);
  return stateName(next.value);
}

const eventField = (event: object, field: 'reason' | 'expected_at'): string | null => {
  const value = (event as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The tables are named at run time: the typed builder cannot follow, so the writes go through the untyped one. */
const untyped = (db: Db) => db as unknown as MigrationDb as Kysely<Record<string, Record<string, unknown>>>;

export interface Lifecycles {
  /**
   * Applies `request.event` to the object (steps 1-3 above). Throws `TransitionRefused` (409) when
   * the machine refuses it or the state changed meanwhile, `NotFoundError` (404) when there is no
   * such object. Runs in the caller's transaction when given one.
   */
  transition<M extends AnyStateMachine>(db: Db, definition: LifecycleDefinition<M>, request: TransitionRequest<M>): Promise<TransitionResult>;
  /** Records the creation step of a new object (from nothing to the machine's initial state). */
  record(db: Db, definition: LifecycleDefinition, id: number, actor: LifecycleActor, at?: string): Promise<void>;
  /** The object's recorded steps, oldest first, with its state now and the expected time of its next step. */
  timeline(db: Db, definition: RecordedKind, id: number): Promise<Timeline>;
  /**
   * Records a step that keeps the object's state (who took it, to whom it was given): a row of the
   * same record, `from` = `to` = the state now, so the timeline tells it in order with the transitions.
   * The machine is not asked: the state does not change. `reason` carries the step's detail (a name).
   */
  note(db: Db, definition: RecordedKind, id: number, step: { event: string; actor: LifecycleActor; reason?: string | null; at?: string }): Promise<void>;
  /** Forgets an object's steps (an object removed as if never made: a request the platform refused at once). */
  forget(db: Db, kind: LifecycleKind, ids: readonly number[]): Promise<void>;
}

export function createLifecycles({ clock }: { clock: Clock }): Lifecycles {
  async function insertStep(db: Db, kind: LifecycleKind, id: number, step: Omit<TimelineStep, 'by'>, actor: LifecycleActor): Promise<void> {
    await db
      .insertInto('lifecycle_events')
      .values({
        kind,
        object_id: id,
        from_state: step.from,
        to_state: step.to,
        event: step.event,
        actor_id: actor.id,
        actor_role: actor.role,
        reason: step.reason,
        expected_at: step.expected_at,
        created_at: step.at,
      })
      .execute();
  }

  return {
    async transition(db, { kind, machine, table, column }, request) {
      const { id, from, event, actor } = request;
      const to = nextState(machine, from, event);
      const at = clock().toISOString();
      const expected = request.expectedAt !== undefined ? request.expectedAt : eventField(event, 'expected_at');
      // Staff say when the next step is expected: a time already past would tell the client nothing true.
      if (expected !== null && !(Date.parse(expected) > Date.parse(at))) fail('expected_at', 'after_now');
      return inTransaction(db, async (trx) => {
        if (to === null) {
          await stateOf(trx, table, column, id);
          throw new TransitionRefused(kind, id, from, event.type);
        }
        let update = untyped(trx)
          .updateTable(table)
          .set({ ...request.set, [column]: to })
          .where('id', '=', id)
          .where(column, '=', from);
        for (const [name, value] of Object.entries(request.match ?? {})) update = update.where(name, '=', value);
        const written = await update.executeTakeFirst();
        if (Number(written.numUpdatedRows) === 0) {
          await stateOf(trx, table, column, id);
          throw new TransitionRefused(kind, id, from, event.type);
        }
        const reason = request.reason !== undefined ? request.reason : eventField(event, 'reason');
        await insertStep(trx, kind, id, { from, to, event: event.type, reason, expected_at: expected, at }, actor);
        return { from, to, at };
      });
    },

    async record(db, { kind, machine }, id, actor, at = clock().toISOString()) {
      await insertStep(db, kind, id, { from: null, to: initialState(machine), event: 'created', reason: null, expected_at: null, at }, actor);
    },

    async note(db, { kind, table, column }, id, { event, actor, reason = null, at = clock().toISOString() }) {
      const state = await stateOf(db, table, column, id);
      await insertStep(db, kind, id, { from: state, to: state, event, reason, expected_at: null, at }, actor);
    },

    async timeline(db, { kind, table, column }, id) {
      const state = await stateOf(db, table, column, id);
      const rows = await db
        .selectFrom('lifecycle_events')
        .select(['from_state', 'to_state', 'event', 'actor_role', 'reason', 'expected_at', 'created_at'])
        .where('kind', '=', kind)
        .where('object_id', '=', id)
        .orderBy('id')
        .execute();
      const steps: TimelineStep[] = rows.map((r) => ({
        from: r.from_state,
        to: r.to_state,
        event: r.event,
        by: r.actor_role,
        reason: r.reason,
        expected_at: r.expected_at,
        at: r.created_at,
      }));
      return { kind, id, state, expected_at: expectedAt(steps), steps };
    },

    async forget(db, kind, ids) {
      if (ids.length === 0) return;
      await db.deleteFrom('lifecycle_events').where('kind', '=', kind).where('object_id', 'in', [...ids]).execute();
    },
  };
}

/** The stored state, or NotFoundError. */
async function stateOf(db: Db, table: keyof Database, column: string, id: number): Promise<string> {
  const row = await untyped(db).selectFrom(table).select(column).where('id', '=', id).executeTakeFirst();
  const state = row?.[column];
  if (typeof state !== 'string') throw new NotFoundError();
  return state;
}
