/**
 * `npm run paths`: the model-based test paths of every machine, for QA to follow by hand or to
 * automate, with the state and transition coverage they reach.
 *
 *   npm run paths                               every machine, shortest and simple paths, as text
 *   npm run paths -- --machine session          one machine (repeat the option for several)
 *   npm run paths -- --kind shortest            one traversal kind: shortest | simple
 *   npm run paths -- --json                     JSON keyed by machine name on stdout; coverage on stderr
 *
 * Exits 1 when a machine's paths miss a state or transition (fix the model in
 * `machines/<name>/<name>.model.ts`), 2 on a bad option.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyMachineSnapshot } from 'xstate';
import { machines, type MachineName } from '../machines/index';
import { formatCoverage, machineCoverage, type MachineCoverage } from '../machines/testing/coverage';
import { formatEvent, formatState, type MachineModel } from '../machines/testing/model';
import { models } from '../machines/testing/models';
import { generatePaths, PATH_KINDS, type GeneratedPath, type PathKind } from '../machines/testing/paths';

export interface PathsOptions {
  machines: MachineName[];
  kinds: PathKind[];
  json: boolean;
}

export class UsageError extends Error {}

const USAGE = `usage: npm run paths -- [--machine <${Object.keys(machines).join('|')}>]... [--kind <${PATH_KINDS.join('|')}>] [--json]`;

export function parseArgs(argv: readonly string[]): PathsOptions {
  const names: MachineName[] = [];
  const kinds: PathKind[] = [];
  let json = false;
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = argv[index]!.split('=', 2) as [string, string | undefined];
    const value = () => {
      const next = inline ?? argv[(index += 1)];
      if (next === undefined) throw new UsageError(`${flag} needs a value\n${USAGE}`);
      return next;
    };
    if (flag === '--json') json = true;
    else if (flag === '--machine' || flag === '-m') {
      const name = value();
      if (!(name in machines)) throw new UsageError(`unknown machine "${name}"\n${USAGE}`);
      names.push(name as MachineName);
    } else if (flag === '--kind' || flag === '-k') {
      const kind = value();
      if (!PATH_KINDS.includes(kind as PathKind)) throw new UsageError(`unknown kind "${kind}"\n${USAGE}`);
      kinds.push(kind as PathKind);
    } else if (flag === '--help' || flag === '-h') throw new UsageError(USAGE);
    else throw new UsageError(`unknown option "${flag}"\n${USAGE}`);
  }
  return {
    machines: names.length > 0 ? [...new Set(names)] : (Object.keys(machines) as MachineName[]),
    kinds: kinds.length > 0 ? [...new Set(kinds)] : [...PATH_KINDS],
    json,
  };
}

/** Where a path starts: the initial state value and the whole context the model keys states by. */
export interface JsonStart {
  state: unknown;
  context: Record<string, unknown>;
}

/**
 * A step as JSON: the event with its payload (errors by message), the state value it reaches and,
 * only when the step changed some, the context it changed (key → new value). The context at any
 * step is the start's with every earlier step's changes applied.
 */
export interface JsonStep {
  event: unknown;
  /** The event as `formatEvent` prints it. */
  label: string;
  state: unknown;
  context?: Record<string, unknown>;
  /** Context keys the model stops keying by at this state (the session's sign-out reason, once it has ended). */
  unset?: string[];
}

export interface JsonPath {
  kind: PathKind;
  input: unknown;
  start: JsonStart;
  steps: JsonStep[];
}

function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_, item: unknown) => (item instanceof Error ? { error: item.message, ...item } : item)) ??
      'null',
  );
}

/** The model's key of a state, split into the state value and the context that matters. */
function keyed(model: MachineModel, snapshot: AnyMachineSnapshot): JsonStart {
  const serialized = model.serialize(snapshot);
  try {
    const parsed: unknown = JSON.parse(serialized);
    if (typeof parsed === 'object' && parsed !== null && 'value' in parsed) {
      const { value, ...context } = parsed as { value: unknown } & Record<string, unknown>;
      return { state: value, context };
    }
  } catch {
    // A model may key states by a plain string.
  }
  return { state: serialized, context: {} };
}

/** The keys whose value differs (with their new value) and the keys the model no longer keys by. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>): Pick<JsonStep, 'context' | 'unset'> {
  const diff = Object.keys(after).filter((key) => !(key in before) || JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  const gone = Object.keys(before).filter((key) => !(key in after));
  return {
    ...(diff.length ? { context: Object.fromEntries(diff.map((key) => [key, after[key]])) } : {}),
    ...(gone.length ? { unset: gone } : {}),
  };
}

export function toJsonPath(model: MachineModel, path: GeneratedPath): JsonPath {
  const [first, ...rest] = path.steps;
  const start = keyed(model, first!.state);
  let context = start.context;
  const steps = rest.map((step): JsonStep => {
    const reached = keyed(model, step.state);
    const diff = changed(context, reached.context);
    context = reached.context;
    return { event: plain(step.event), label: formatEvent(step.event), state: reached.state, ...diff };
  });
  return { kind: path.kind, input: plain(path.input) ?? null, start, steps };
}

/** The state a step of `path` reaches, as `formatState` prints it: the value with the whole context so far. */
export function reachedStates(path: JsonPath): string[] {
  let context = path.start.context;
  const show = (state: unknown) => formatState(JSON.stringify({ value: state, ...context }));
  return [
    show(path.start.state),
    ...path.steps.map((step) => {
      context = Object.fromEntries(
        Object.entries({ ...context, ...step.context }).filter(([key]) => !step.unset?.includes(key)),
      );
      return show(step.state);
    }),
  ];
}

export interface MachinePaths {
  name: MachineName;
  paths: JsonPath[];
  /** Per kind asked for, and for all of them together. */
  coverage: Array<{ kinds: PathKind[]; coverage: MachineCoverage; truncated: boolean }>;
}

export function machinePaths(name: MachineName, kinds: readonly PathKind[]): MachinePaths {
  const model = models[name];
  const byKind = kinds.map((kind) => ({ kind, ...generatePaths(model, kind) }));
  const all = byKind.flatMap(({ paths }) => paths);
  const coverage = byKind.map(({ kind, paths, truncated }) => ({
    kinds: [kind],
    coverage: machineCoverage(model.machine, paths),
    truncated,
  }));
  if (byKind.length > 1) {
    coverage.push({
      kinds: [...kinds],
      coverage: machineCoverage(model.machine, all),
      truncated: byKind.some(({ truncated }) => truncated),
    });
  }
  return { name, paths: all.map((path) => toJsonPath(model, path)), coverage };
}

const complete = (coverage: MachineCoverage) =>
  coverage.states.missing.length === 0 && coverage.transitions.missing.length === 0;

function coverageLines(result: MachinePaths): string[] {
  return result.coverage.map(({ kinds, coverage, truncated }) => {
    const [first, ...rest] = formatCoverage(result.name, coverage).split('\n');
    const label = `${first} (${kinds.join(' + ')} paths${truncated ? '; simple paths stopped at the cap' : ''})`;
    return [label, ...rest].join('\n');
  });
}

export function renderText(results: readonly MachinePaths[]): string {
  const out: string[] = [];
  for (const result of results) {
    for (const kind of PATH_KINDS) {
      const paths = result.paths.filter((path) => path.kind === kind);
      if (paths.length === 0) continue;
      out.push(`== ${result.name}: ${paths.length} ${kind} paths ==`, '');
      paths.forEach((path, index) => {
        out.push(`${result.name} ${kind} #${index + 1} (input ${JSON.stringify(path.input)})`);
        const [start, ...reached] = reachedStates(path);
        out.push(`   start: ${start}`);
        path.steps.forEach((step, number) => out.push(`   ${number + 1}. ${step.label} → ${reached[number]}`));
        out.push('');
      });
    }
    out.push(...coverageLines(result), '');
  }
  return out.join('\n');
}

/** Keyed by machine name, one path per line. */
export function renderJson(results: readonly MachinePaths[]): string {
  const machine = ({ name, paths }: MachinePaths) =>
    `  ${JSON.stringify(name)}: [\n${paths.map((path) => `    ${JSON.stringify(path)}`).join(',\n')}\n  ]`;
  return `{\n${results.map(machine).join(',\n')}\n}`;
}

export function run(argv: readonly string[]): { stdout: string; stderr: string; exitCode: number } {
  let options: PathsOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return { stdout: '', stderr: `${error.message}\n`, exitCode: 2 };
    throw error;
  }
  const results = options.machines.map((name) => machinePaths(name, options.kinds));
  // Every kind on its own may leave a transition out (a simple path cannot return to a state it has
  // visited): what must be complete is what was generated.
  const incomplete = results.filter((result) => !complete(result.coverage.at(-1)!.coverage));
  const coverage = results.flatMap(coverageLines).join('\n');
  return options.json
    ? { stdout: `${renderJson(results)}\n`, stderr: `${coverage}\n`, exitCode: incomplete.length ? 1 : 0 }
    : { stdout: renderText(results), stderr: '', exitCode: incomplete.length ? 1 : 0 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { stdout, stderr, exitCode } = run(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = exitCode;
}
