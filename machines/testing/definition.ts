import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * Reads a machine definition (the StateNode tree under `machine.root`) into plain lists of
 * states and transitions. Shared by the coverage check and the chart generator, so both
 * name a transition the same way.
 */

export interface StateInfo {
  /** Dot path from the root, e.g. `succeeded.recent`. */
  path: string;
  key: string;
  /** Dot path of the parent state, or '' for a top-level state. */
  parent: string;
  type: AnyStateNode['type'];
  initial: string | undefined;
  tags: string[];
  /** Invoked actors, by their `src` name. */
  invokes: string[];
  children: string[];
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface TransitionInfo {
  /** Unique and stable: `<source> on <event> [guard] → <targets>` (plus `#n` if the same twice). */
  id: string;
  source: string;
  kind: TransitionKind;
  /** The event type as the machine sees it (`xstate.done.actor.fetchUser`, '' for always). */
  eventType: string;
  /** The event as people read it: `session.logout`, `done: fetchUser`, `after 2000ms`, `always`. */
  event: string;
  guard: string | undefined;
  /** Target state paths; empty for a targetless transition (actions only, or an explicit ignore). */
  targets: string[];
  reenter: boolean;
  /** Named actions, in order (inline ones as `inline`). */
  actions: string[];
}

const pathOf = (node: AnyStateNode): string => node.path.join('.');

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void): void {
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    visit(child);
    walk(child, visit);
  }
}

/** Every state node of the machine except the root, in document order. */
export function listStates(machine: AnyStateMachine): StateInfo[] {
  const states: StateInfo[] = [];
  walk(machine.root, (node) => {
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    states.push({
      path: pathOf(node),
      key: node.key,
      parent: node.parent ? pathOf(node.parent) : '',
      type: node.type,
      initial: initialTarget ? initialTarget.key : undefined,
      tags: [...node.tags],
      invokes: node.invoke.map((invoke) => srcName(invoke.src, invoke.id)),
      children: Object.keys(node.states),
    });
  });
  return states;
}

function srcName(src: unknown, id: string): string {
  return typeof src === 'string' ? src : id;
}

function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') return guard.name || 'inline';
  return 'inline';
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  if (typeof action === 'function' && 'type' in action && typeof action.type === 'string') return action.type;
  return 'inline';
}

/** A named delay as milliseconds when the machine's implementation gives a number. */
function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${delay}ms`;
  const implementation = (machine.implementations.delays as Record<string, unknown>)[String(delay)];
  return typeof implementation === 'number' ? `after ${implementation}ms` : `after ${String(delay)}`;
}

function describeEvent(
  machine: AnyStateMachine,
  node: AnyStateNode,
  transition: AnyTransitionDefinition & { delay?: unknown },
): { kind: TransitionKind; event: string } {
  const type = transition.eventType;
  if (type === '') return { kind: 'always', event: 'always' };
  if (type.startsWith('xstate.after.')) return { kind: 'after', event: delayLabel(machine, transition.delay) };
  for (const [prefix, kind] of [
    ['xstate.done.actor.', 'done'],
    ['xstate.error.actor.', 'error'],
  ] as const) {
    if (type.startsWith(prefix)) {
      const id = type.slice(prefix.length);
      const invoke = node.invoke.find((definition) => definition.id === id);
      return { kind, event: `${kind}: ${invoke ? srcName(invoke.src, id) : id}` };
    }
  }
  return { kind: 'event', event: type };
}

/** The position of a transition definition among its source's candidates: its identity across snapshots. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const candidates = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id}|${transition.eventType}|${candidates.indexOf(transition)}`;
}

/** Every transition the machine defines (`on`, `always`, `after`, invoke `onDone`/`onError`), in document order. */
export function listTransitions(machine: AnyStateMachine): Array<TransitionInfo & { key: string }> {
  const transitions: Array<TransitionInfo & { key: string }> = [];
  const seen = new Map<string, number>();
  const nodes: AnyStateNode[] = [machine.root];
  walk(machine.root, (node) => nodes.push(node));
  for (const node of nodes) {
    const definitions: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const definition of definitions) {
      const { kind, event } = describeEvent(machine, node, definition);
      const source = pathOf(node) || '(root)';
      const targets = (definition.target ?? []).map((target: AnyStateNode) => pathOf(target));
      const guard = guardName(definition.guard);
      const base = `${source} on ${event}${guard ? ` [${guard}]` : ''} → ${targets.length ? targets.join(', ') : '(stays)'}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      transitions.push({
        id: count === 1 ? base : `${base} #${count}`,
        key: transitionKey(definition),
        source,
        kind,
        eventType: definition.eventType,
        event,
        guard,
        targets,
        reenter: definition.reenter,
        actions: (definition.actions ?? []).map(actionName),
      });
    }
  }
  return transitions;
}

/** Event types the machine accepts from outside (no `xstate.*` internals), sorted. */
export function listEventTypes(machine: AnyStateMachine): string[] {
  const types = listTransitions(machine)
    .filter((transition) => transition.kind === 'event')
    .map((transition) => transition.eventType);
  return [...new Set(types)].sort();
}

export interface Implementations {
  /** Actors the app injects with `.provide()`. */
  actors: string[];
  /** Actions the app injects: the plain functions in setup (built-ins like assign and emit are internal). */
  actions: string[];
  guards: string[];
  delays: string[];
}

export function listImplementations(machine: AnyStateMachine): Implementations {
  const { actors, actions, guards, delays } = machine.implementations as unknown as Record<
    'actors' | 'actions' | 'guards' | 'delays',
    Record<string, unknown> | undefined
  >;
  const injectedActions = Object.entries(actions ?? {})
    .filter(([, action]) => !(typeof action === 'function' && 'type' in action && String(action.type).startsWith('xstate.')))
    .map(([name]) => name);
  return {
    actors: Object.keys(actors ?? {}),
    actions: injectedActions,
    guards: Object.keys(guards ?? {}),
    delays: Object.keys(delays ?? {}),
  };
}
