import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type TraversalOptions } from 'xstate/graph';
import type { CoveragePath } from './coverage';

/**
 * Model-based testing helpers. Effects are modelled as events, so the traversal can try them
 * from every state like any other event:
 * - `{ type: 'xstate.done.actor.<id>', output }` / `{ type: 'xstate.error.actor.<id>', error }`:
 *   the invoked promise resolves / rejects;
 * - `{ type: 'xstate.after.<delay>.<stateId>' }`: the delay elapses.
 * Such internal events are only offered where an active state handles them (elsewhere they
 * cannot happen: the invoke or timer does not exist).
 */

export interface ModelOptions {
  input?: unknown;
  /** Every event to try from every state, with representative payloads. */
  events: readonly EventObject[];
  /** The state value plus the context that matters, bounded so the traversal ends. */
  serialize: (snapshot: AnyMachineSnapshot) => string;
  /** Upper bound on traversal steps; exceeding it fails instead of exhausting memory. */
  limit: number;
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}

/** Everything needed to walk one machine: shared by its tests and by QA tooling. */
export interface MachineModel {
  machine: AnyStateMachine;
  /** One traversal per input (`[undefined]` for a machine without input). */
  inputs: readonly unknown[];
  events: readonly EventObject[];
  serialize: (snapshot: AnyMachineSnapshot) => string;
  limit: number;
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Cap on the QA tool's simple paths per input (`machines/testing/paths.ts`); they grow exponentially. */
  maxSimplePaths?: number;
}

export interface ModelPath extends CoveragePath {
  /** The final snapshot. */
  state: AnyMachineSnapshot;
  steps: Array<{ event: EventObject; state: AnyMachineSnapshot }>;
  description: string;
}

export const doneEvent = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const errorEvent = (id: string, error: unknown = new Error(`${id} failed`)) => ({
  type: `xstate.error.actor.${id}`,
  error,
});
export const afterEvent = (delay: string | number, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` });

const activeNodes = (snapshot: AnyMachineSnapshot): AnyStateNode[] => snapshot._nodes as AnyStateNode[];

function isInternal(event: EventObject): boolean {
  return event.type.startsWith('xstate.');
}

/** Internal events (invoke done/error, delays) only where an active state handles them. */
export function canHappen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return !isInternal(event) || activeNodes(snapshot).some((node) => node.transitions.has(event.type));
}

export function formatEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  let label = type;
  if (type.startsWith('xstate.done.actor.')) label = `done: ${type.slice('xstate.done.actor.'.length)}`;
  else if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice('xstate.error.actor.'.length)}`;
  else if (type.startsWith('xstate.after.')) return `after ${type.split('.')[2]}`;
  const shown = Object.entries(payload).filter(([, value]) => value !== undefined);
  if (shown.length === 0) return label;
  return `${label}(${shown.map(([key, value]) => `${key}=${formatValue(value)}`).join(', ')})`;
}

/** Short enough for a test name: an entity by its id, an error by its message. */
function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    if ('id' in value) return `#${String(value.id)}`;
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}: ${formatValue(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

function stateValueLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, child]) => `${key}.${stateValueLabel(child)}`)
      .join(' + ');
  }
  return String(value);
}

/** `signedIn (token="t1", user=1)` from a serialized `{ value, ...context }`; other strings as they are. */
export function formatState(serialized: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialized);
  } catch {
    return serialized;
  }
  if (typeof parsed !== 'object' || parsed === null || !('value' in parsed)) return serialized;
  const { value, ...rest } = parsed as { value: unknown } & Record<string, unknown>;
  const details = Object.entries(rest).map(([key, item]) => `${key}=${JSON.stringify(item)}`);
  return `${stateValueLabel(value)}${details.length ? ` (${details.join(', ')})` : ''}`;
}

function describe(serialize: (snapshot: AnyMachineSnapshot) => string, steps: ModelPath['steps']): string {
  const last = steps.at(-1)!;
  if (steps.length === 1) return `starts in ${formatState(serialize(last.state))}`;
  const before = serialize(steps.at(-2)!.state);
  const after = serialize(last.state);
  const prefix = steps.slice(1, -1).map((step) => formatEvent(step.event));
  const outcome = before === after ? 'is ignored' : `leads to ${formatState(after)}`;
  return `${formatEvent(last.event)} in ${formatState(before)} ${outcome}${prefix.length ? ` (after ${prefix.join(' → ')})` : ''}`;
}

/**
 * Paths that cover every transition of the bounded state graph: the shortest path to each
 * serialized state, and that path extended by each event tried there (including the ones
 * the state ignores, which must leave it unchanged).
 */
export function getTransitionPaths(machine: AnyStateMachine, options: ModelOptions): ModelPath[] {
  const serializeState = (snapshot: AnyMachineSnapshot) => options.serialize(snapshot);
  const traversal = {
    input: options.input,
    events: options.events,
    serializeState,
    limit: options.limit,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
      canHappen(snapshot, event) && (options.filterEvents?.(snapshot, event) ?? true),
  } as TraversalOptions<AnyMachineSnapshot, EventObject, unknown>;
  const shortest = getShortestPaths(machine, traversal);
  const adjacency = getAdjacencyMap(machine, traversal);

  const paths = new Map<string, ModelPath>();
  const add = (steps: ModelPath['steps']) => {
    const key = JSON.stringify(steps.map((step) => step.event));
    if (paths.has(key)) return;
    paths.set(key, { input: options.input, state: steps.at(-1)!.state, steps, description: describe(serializeState, steps) });
  };
  for (const path of shortest) {
    const steps = path.steps as ModelPath['steps'];
    add(steps);
    const serialized = serializeState(path.state);
    const node = adjacency[serialized as keyof typeof adjacency];
    if (!node) throw new Error(`No adjacency for ${serialized}`);
    for (const { event, state } of Object.values(node.transitions)) add([...steps, { event, state }]);
  }
  return [...paths.values()];
}

/** The transition paths of a model, grouped by the input they start from. */
export function modelPaths(model: MachineModel): Array<{ input: unknown; paths: ModelPath[] }> {
  return model.inputs.map((input) => ({
    input,
    paths: getTransitionPaths(model.machine, {
      input,
      events: model.events,
      serialize: model.serialize,
      limit: model.limit,
      ...(model.filterEvents ? { filterEvents: model.filterEvents } : {}),
    }),
  }));
}

export interface ReplayResult {
  snapshot: AnyMachineSnapshot;
  emitted: EventObject[];
}

function delayMs(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): number {
  for (const node of activeNodes(snapshot)) {
    const delayed = node.after.find((transition) => transition.eventType === eventType);
    if (!delayed) continue;
    const delay = delayed.delay;
    if (typeof delay === 'number') return delay;
    const named = (machine.implementations.delays as Record<string, unknown>)[String(delay)];
    if (typeof named === 'number') return named;
    throw new Error(`Delay ${String(delay)} is not a number`);
  }
  throw new Error(`No active state waits for ${eventType}`);
}

function invokedSrc(snapshot: AnyMachineSnapshot, id: string): string {
  for (const node of activeNodes(snapshot)) {
    const invoke = node.invoke.find((definition) => definition.id === id);
    if (invoke) return typeof invoke.src === 'string' ? invoke.src : id;
  }
  throw new Error(`No active state invokes ${id}`);
}

/** After the microtasks a settled promise queues (its done/error event reaching the machine). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays a path on a real actor: every injected actor is a promise the replay settles when
 * the path says so, and time is a SimulatedClock. After each step the actor's snapshot must
 * serialize like the model's; the first mismatch throws.
 */
export async function replayPath(
  machine: AnyStateMachine,
  path: ModelPath,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): Promise<ReplayResult> {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      fromPromise(() => new Promise((resolve, reject) => pending.set(name, { resolve, reject }))),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors } as Parameters<AnyStateMachine['provide']>[0]), {
    input: path.input,
    clock,
  });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  await settle();

  const check = (expected: AnyMachineSnapshot, index: number) => {
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    if (serialize(actual) !== serialize(expected)) {
      throw new Error(
        `Step ${index} (${formatEvent(path.steps[index]!.event)}): expected ${serialize(expected)}, got ${serialize(actual)}\n${path.description}`,
      );
    }
  };
  check(path.steps[0]!.state, 0);

  for (const [index, step] of path.steps.entries()) {
    if (index === 0) continue;
    const { event } = step;
    const current = actor.getSnapshot() as AnyMachineSnapshot;
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const done = event.type.startsWith('xstate.done.actor.');
      const id = event.type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
      const deferred = pending.get(invokedSrc(current, id));
      if (!deferred) throw new Error(`${id} was not invoked`);
      const payload = event as EventObject & { output?: unknown; error?: unknown };
      if (done) deferred.resolve(payload.output);
      else deferred.reject(payload.error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayMs(machine, current, event.type));
    } else {
      actor.send(event);
    }
    await settle();
    check(step.state, index);
  }
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  actor.stop();
  return { snapshot, emitted };
}

/**
 * Replays every path of a model on a real actor, one after another, and returns how many it
 * replayed. The first failure throws, naming the input and the path (its description), so one
 * test per machine tells which path broke.
 */
export async function replayModel(model: MachineModel, pathsByInput = modelPaths(model)): Promise<number> {
  let replayed = 0;
  for (const { input, paths } of pathsByInput) {
    for (const [index, path] of paths.entries()) {
      try {
        await replayPath(model.machine, path, model.serialize);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `${model.machine.id}, input ${JSON.stringify(input)}, path ${index + 1} of ${paths.length}: ${path.description}\n${reason}`,
          { cause: error },
        );
      }
      replayed += 1;
    }
  }
  return replayed;
}
