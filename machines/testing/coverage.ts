import {
  createEmptyActor,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { listStates, listTransitions, transitionKey } from './definition';

/** A path to replay: the `steps` of an xstate/graph `StatePath`, plus the input it started from. */
export interface CoveragePath {
  /**
   * The machine input, when the path starts at the initial state. With it the start-up
   * (eventless) transitions count too; without it the replay starts at `steps[0].state`.
   */
  input?: unknown;
  steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }>;
}

export interface CoverageFigures {
  total: number;
  reached: number;
  missing: string[];
}

export interface MachineCoverage {
  states: CoverageFigures;
  transitions: CoverageFigures;
}

/**
 * A pure actor scope whose system reports every microstep, which names the transition
 * definitions taken: event, eventless, delayed and invoke done/error alike.
 */
function recordingScope(onMicrostep: (snapshot: AnyMachineSnapshot, transitions: AnyTransitionDefinition[]) => void) {
  const self = createEmptyActor();
  self.system.inspect((event: InspectionEvent) => {
    if (event.type === '@xstate.microstep') {
      onMicrostep(event.snapshot as AnyMachineSnapshot, event._transitions);
    }
  });
  const scope = {
    self,
    id: '',
    sessionId: 'coverage',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  return scope as unknown as AnyActorScope;
}

function activePaths(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).map((node) => node.path.join('.')).filter(Boolean);
}

/** Replays one path without effects, adding the state paths and transition keys it reaches. */
function replay(machine: AnyStateMachine, path: CoveragePath, states: Set<string>, transitions: Set<string>): void {
  const first = path.steps[0];
  if (!first) return;
  const scope = recordingScope((snapshot, taken) => {
    for (const state of activePaths(snapshot)) states.add(state);
    for (const transition of taken) {
      transitions.add(transitionKey(transition));
      const source = transition.source.path.join('.');
      if (source) states.add(source);
    }
  });
  let snapshot: AnyMachineSnapshot = 'input' in path ? machine.getInitialSnapshot(scope, path.input) : first.state;
  for (const state of activePaths(snapshot)) states.add(state);
  for (const step of path.steps.slice(1)) {
    snapshot = machine.transition(snapshot, step.event, scope);
    for (const state of activePaths(snapshot)) states.add(state);
  }
}

/** The keys (`transitionKey`) of the transitions a path takes, in no particular order. */
export function transitionsTakenBy(machine: AnyStateMachine, path: CoveragePath): string[] {
  const transitions = new Set<string>();
  replay(machine, path, new Set(), transitions);
  return [...transitions];
}

/** The state paths a path enters and the keys (`transitionKey`) of the transitions it takes. */
export function reachedBy(machine: AnyStateMachine, path: CoveragePath): { states: string[]; transitions: string[] } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  replay(machine, path, states, transitions);
  return { states: [...states], transitions: [...transitions] };
}

/**
 * Replays `paths` on `machine` without running any effect and compares what they reach with
 * what the machine defines: every state node (but the root) and every transition definition.
 * A transition counts as reached when it was taken, i.e. selected with its guard passing.
 */
export function machineCoverage(machine: AnyStateMachine, paths: readonly CoveragePath[]): MachineCoverage {
  const states = listStates(machine);
  const transitions = listTransitions(machine);
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  for (const path of paths) replay(machine, path, reachedStates, reachedTransitions);

  const figures = (all: string[], reached: (item: number) => boolean): CoverageFigures => {
    const missing = all.filter((_, index) => !reached(index));
    return { total: all.length, reached: all.length - missing.length, missing };
  };
  return {
    states: figures(
      states.map((state) => state.path),
      (index) => reachedStates.has(states[index]!.path),
    ),
    transitions: figures(
      transitions.map((transition) => transition.id),
      (index) => reachedTransitions.has(transitions[index]!.key),
    ),
  };
}

/** One line per machine for QA output, e.g. `session: states 6/6, transitions 17/17`. */
export function formatCoverage(name: string, coverage: MachineCoverage): string {
  const line = `${name}: states ${coverage.states.reached}/${coverage.states.total}, transitions ${coverage.transitions.reached}/${coverage.transitions.total}`;
  const missing = [
    ...coverage.states.missing.map((state) => `  missing state ${state}`),
    ...coverage.transitions.missing.map((transition) => `  missing transition ${transition}`),
  ];
  return [line, ...missing].join('\n');
}
