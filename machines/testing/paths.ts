import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { getAdjacencyMap, type AdjacencyMap, type TraversalOptions } from 'xstate/graph';
import { reachedBy, transitionsTakenBy } from './coverage';
import { canHappen, type MachineModel } from './model';

/**
 * Test paths for QA, generated from a machine's model (`<name>.model.ts`). Both kinds walk the
 * same bounded graph: states keyed by the model's `serialize` (state value plus the context that
 * matters), at most `limit` traversal steps.
 *
 * - `shortest`: the shortest path to every state of the chart (state value), then, for every
 *   transition the machine defines that those paths never took, the shortest path ending with it.
 * - `simple`: every path that visits no state twice, shortest first; a path may end by returning
 *   to a state it already visited, so loops and ignored events are walked too. Their number grows
 *   exponentially with the graph, so they stop at `maxSimplePaths` per input; then the shortest
 *   path to each state and transition they missed joins them, and coverage stays complete.
 */

export type PathKind = 'shortest' | 'simple';
export const PATH_KINDS: readonly PathKind[] = ['shortest', 'simple'];

/**
 * Per input: enough to show the short walks of every machine while keeping each machine's JSON
 * under 1 MB; a model may set its own (`MachineModel.maxSimplePaths`).
 */
export const DEFAULT_MAX_SIMPLE_PATHS = 150;

export interface GeneratedPath {
  kind: PathKind;
  input: unknown;
  steps: Array<{ event: EventObject; state: AnyMachineSnapshot }>;
}

export interface GeneratedPaths {
  paths: GeneratedPath[];
  /** True when a simple-path enumeration stopped at its cap. */
  truncated: boolean;
}

type Adjacency = Record<string, AdjacencyMap<AnyMachineSnapshot, EventObject>[keyof AdjacencyMap<AnyMachineSnapshot, EventObject>]>;
type Edge = { event: EventObject; state: AnyMachineSnapshot };
type Step = GeneratedPath['steps'][number];

function adjacencyOf(model: MachineModel, input: unknown): { adjacency: Adjacency; start: string } {
  const options = {
    input,
    events: model.events,
    serializeState: (snapshot: AnyMachineSnapshot) => model.serialize(snapshot),
    limit: model.limit,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) =>
      canHappen(snapshot, event) && (model.filterEvents?.(snapshot, event) ?? true),
  } as TraversalOptions<AnyMachineSnapshot, EventObject, unknown>;
  const adjacency = getAdjacencyMap(model.machine, options) as Adjacency;
  // The traversal is breadth-first from the initial state, so that state is the first key.
  const start = Object.keys(adjacency)[0];
  if (start === undefined) throw new Error(`${model.machine.id}: the traversal found no state`);
  return { adjacency, start };
}

const edgesOf = (adjacency: Adjacency, key: string): Edge[] => Object.values(adjacency[key]?.transitions ?? {});

/** Breadth-first: the shortest path (as steps after the start) to every state key. */
function shortestStatePaths(model: MachineModel, adjacency: Adjacency, start: string): Map<string, Step[]> {
  const paths = new Map<string, Step[]>([[start, []]]);
  const queue = [start];
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const edge of edgesOf(adjacency, key)) {
      const next = model.serialize(edge.state);
      if (paths.has(next)) continue;
      paths.set(next, [...paths.get(key)!, edge]);
      queue.push(next);
    }
  }
  return paths;
}

/** What earlier paths already show (state values or paths, transition keys), so that a later one adds only what is new. */
interface Shown {
  values: Set<string>;
  transitions: Set<string>;
}

function shortestPaths(model: MachineModel, input: unknown, shown: Shown): GeneratedPath[] {
  const { adjacency, start } = adjacencyOf(model, input);
  const initial = { event: { type: 'xstate.init' }, state: adjacency[start]!.state };
  const toState = shortestStatePaths(model, adjacency, start);
  const paths: GeneratedPath[] = [];
  const keep = (steps: Step[], fresh: string[]) => {
    for (const key of fresh) shown.transitions.add(key);
    paths.push({ kind: 'shortest', input, steps: [initial, ...steps] });
  };

  // One path per state of the chart (state value), however many context variants the model keeps:
  // the first found is the shortest, since the search is breadth-first. A path to a value already
  // shown is kept only for the transitions it takes first (an input's start-up, for one).
  for (const steps of toState.values()) {
    const value = JSON.stringify((steps.at(-1) ?? initial).state.value);
    const path = { input, steps: [initial, ...steps] };
    const fresh = transitionsTakenBy(model.machine, path).filter((key) => !shown.transitions.has(key));
    if (shown.values.has(value) && fresh.length === 0) continue;
    shown.values.add(value);
    keep(steps, fresh);
  }

  // Then each state's shortest path extended by one edge, shortest first, where that edge takes a
  // transition no path has taken yet.
  const candidates = [...toState.entries()]
    .flatMap(([key, steps]) => edgesOf(adjacency, key).map((edge) => [...steps, edge]))
    .sort((a, b) => a.length - b.length);
  for (const steps of candidates) {
    const before = steps.length > 1 ? steps.at(-2)!.state : initial.state;
    const last = { steps: [{ event: initial.event, state: before }, steps.at(-1)!] };
    const fresh = transitionsTakenBy(model.machine, last).filter((key) => !shown.transitions.has(key));
    if (fresh.length > 0) keep(steps, fresh);
  }
  return paths;
}

/**
 * Breadth-first, so shortest first: every path from the start that visits no state key twice
 * (its last step may go back to one), until `max` paths.
 */
function simplePaths(input: unknown, adjacency: Adjacency, start: string, max: number, serialize: MachineModel['serialize']) {
  const initial = { event: { type: 'xstate.init' }, state: adjacency[start]!.state };
  const paths: GeneratedPath[] = [];
  const emit = (steps: Step[]) => paths.push({ kind: 'simple', input, steps: [initial, ...steps] });
  let frontier: Array<{ steps: Step[]; visited: Set<string>; at: string }> = [
    { steps: [], visited: new Set([start]), at: start },
  ];
  emit([]);
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { steps, visited, at } of frontier) {
      for (const edge of edgesOf(adjacency, at)) {
        if (paths.length >= max) return { paths, truncated: true };
        const key = serialize(edge.state);
        const extended = [...steps, edge];
        emit(extended);
        if (!visited.has(key)) next.push({ steps: extended, visited: new Set([...visited, key]), at: key });
      }
    }
    frontier = next;
  }
  return { paths, truncated: false };
}

/**
 * When the cap cut the simple paths short: for every state or transition they never reached, the
 * shortest path to it (itself a simple path), so the bounded set still covers the whole machine.
 */
function completingPaths(model: MachineModel, input: unknown, adjacency: Adjacency, start: string, reached: Shown): GeneratedPath[] {
  const initial = { event: { type: 'xstate.init' }, state: adjacency[start]!.state };
  const toState = shortestStatePaths(model, adjacency, start);
  const candidates = [
    ...toState.values(),
    ...[...toState.entries()].flatMap(([key, steps]) => edgesOf(adjacency, key).map((edge) => [...steps, edge])),
  ].sort((a, b) => a.length - b.length);
  const paths: GeneratedPath[] = [];
  for (const steps of candidates) {
    // What the last step adds (the start-up, for the empty path) is all a shortest prefix can add.
    const last =
      steps.length === 0
        ? { input, steps: [initial] }
        : { steps: [{ event: initial.event, state: steps.at(-2)?.state ?? initial.state }, steps.at(-1)!] };
    const { states, transitions } = reachedBy(model.machine, last);
    const fresh = [...states.filter((state) => !reached.values.has(state)), ...transitions.filter((key) => !reached.transitions.has(key))];
    if (fresh.length === 0) continue;
    for (const state of states) reached.values.add(state);
    for (const key of transitions) reached.transitions.add(key);
    paths.push({ kind: 'simple', input, steps: [initial, ...steps] });
  }
  return paths;
}

function simplePathsOf(model: MachineModel): GeneratedPaths {
  const max = model.maxSimplePaths ?? DEFAULT_MAX_SIMPLE_PATHS;
  const walks = model.inputs.map((input) => ({ input, ...adjacencyOf(model, input) }));
  const capped = walks.map(({ input, adjacency, start }) => simplePaths(input, adjacency, start, max, model.serialize));
  const paths = capped.flatMap((walk) => walk.paths);
  const truncated = capped.some((walk) => walk.truncated);
  if (!truncated) return { paths, truncated };
  const reached: Shown = { values: new Set(), transitions: new Set() };
  for (const path of paths) {
    const { states, transitions } = reachedBy(model.machine, path);
    for (const state of states) reached.values.add(state);
    for (const key of transitions) reached.transitions.add(key);
  }
  const completing = walks.flatMap(({ input, adjacency, start }) => completingPaths(model, input, adjacency, start, reached));
  return { paths: [...paths, ...completing], truncated };
}

/** The paths of one kind for every input of the model. */
export function generatePaths(model: MachineModel, kind: PathKind): GeneratedPaths {
  if (kind === 'simple') return simplePathsOf(model);
  const shown: Shown = { values: new Set(), transitions: new Set() };
  return { paths: model.inputs.flatMap((input) => shortestPaths(model, input, shown)), truncated: false };
}
