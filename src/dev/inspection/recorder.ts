import type { AnyEventObject, InspectionEvent, Observer } from 'xstate';
import { redact } from './redact';

/**
 * Keeps, for each long-lived actor, its latest snapshot and its most recent events, for the
 * development inspector panel. Fed by the `inspect` option of `createActor`; no React here.
 */

export const EVENT_BUFFER_SIZE = 50;

export interface RecordedEvent {
  /** Increasing across all actors, for React keys. */
  seq: number;
  at: Date;
  event: AnyEventObject;
  /** `user` (sent from outside), `self` or the id of the invoked child that answered. */
  source: string;
}

export interface ActorRecord {
  name: string;
  status: string;
  value: unknown;
  tags: string[];
  context: unknown;
  /** Newest first, at most EVENT_BUFFER_SIZE. */
  events: RecordedEvent[];
}

interface SnapshotLike {
  status?: string;
  value?: unknown;
  context?: unknown;
  tags?: Set<string>;
}

export interface Recorder {
  /** The observer to pass as `createActor(logic, { inspect })` for the actor called `name`. */
  observe(name: string): Observer<InspectionEvent>;
  list(): readonly ActorRecord[];
  subscribe(listener: () => void): () => void;
}

export function createRecorder(size = EVENT_BUFFER_SIZE): Recorder {
  let records: ActorRecord[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();

  const update = (name: string, change: (record: ActorRecord) => ActorRecord) => {
    const existing = records.find((record) => record.name === name) ?? {
      name,
      status: 'active',
      value: undefined,
      tags: [],
      context: undefined,
      events: [],
    };
    const next = change(existing);
    // New arrays, so that useSyncExternalStore sees a change.
    records = records.some((record) => record.name === name)
      ? records.map((record) => (record.name === name ? next : record))
      : [...records, next];
    for (const listener of listeners) listener();
  };

  return {
    observe(name) {
      return {
        next(inspection: InspectionEvent) {
          // Only the root actor's own snapshots and events: invoked children are part of its story.
          if (inspection.actorRef.sessionId !== inspection.rootId) return;
          if (inspection.type === '@xstate.snapshot') {
            const snapshot = inspection.snapshot as SnapshotLike;
            update(name, (record) => ({
              ...record,
              status: snapshot.status ?? record.status,
              value: snapshot.value,
              tags: snapshot.tags ? [...snapshot.tags].sort() : [],
              context: redact(snapshot.context),
            }));
          } else if (inspection.type === '@xstate.event') {
            const { sourceRef } = inspection;
            const source =
              sourceRef === undefined
                ? 'user'
                : sourceRef.sessionId === inspection.rootId
                  ? 'self'
                  : (sourceRef as { id?: string }).id || 'child';
            const recorded: RecordedEvent = {
              seq: (seq += 1),
              at: new Date(),
              event: redact(inspection.event) as AnyEventObject,
              source,
            };
            update(name, (record) => ({ ...record, events: [recorded, ...record.events].slice(0, size) }));
          }
        },
      };
    },
    list: () => records,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
