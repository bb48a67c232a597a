/**
 * Writes docs/machines.md from the machine definitions: a Mermaid state chart per machine
 * plus tables of its events, injected effects and emitted events.
 *
 *   npx tsx scripts/machine-charts.ts          write the file
 *   npx tsx scripts/machine-charts.ts --check  exit 1 when the file on disk is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { machineDocs, machines, type MachineDocs } from '../machines/index';
import { machineCoverage } from '../machines/testing/coverage';
import { listImplementations, listStates, listTransitions, type StateInfo } from '../machines/testing/definition';
import { models } from '../machines/testing/models';
import { generatePaths } from '../machines/testing/paths';

export const DOC_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../docs/machines.md');

const INDENT = '  ';

/**
 * Mermaid's state-diagram grammar ends a label or note at ':' or ';', so those become the
 * look-alike modifier letter colon (U+A789) and a comma.
 */
export function mermaidText(text: string): string {
  return text.replaceAll(':', '\uA789').replaceAll(';', ',');
}

/** Mermaid ids: the state key when unique in the machine, else its path joined with `_`. */
function mermaidIds(states: StateInfo[]): Map<string, string> {
  const keyCount = new Map<string, number>();
  for (const state of states) keyCount.set(state.key, (keyCount.get(state.key) ?? 0) + 1);
  return new Map(
    states.map((state) => [state.path, keyCount.get(state.key) === 1 ? state.key : state.path.replaceAll('.', '_')]),
  );
}

export function renderChart(machine: AnyStateMachine): string {
  const states = listStates(machine);
  const transitions = listTransitions(machine);
  const ids = mermaidIds(states);
  const id = (path: string) => ids.get(path) ?? path;
  const lines: string[] = ['stateDiagram-v2'];

  const render = (parent: string, depth: number) => {
    const pad = INDENT.repeat(depth);
    const children = states.filter((state) => state.parent === parent);
    const initial = parent === '' ? machine.root.initial?.target?.[0]?.key : states.find((s) => s.path === parent)?.initial;
    if (initial) {
      const initialPath = parent ? `${parent}.${initial}` : initial;
      lines.push(`${pad}[*] --> ${id(initialPath)}`);
    }
    for (const state of children) {
      if (state.children.length > 0) {
        lines.push(`${pad}state ${id(state.path)} {`);
        render(state.path, depth + 1);
        lines.push(`${pad}}`);
      }
    }
    for (const transition of transitions.filter((t) => states.find((s) => s.path === t.source)?.parent === parent)) {
      const targets = transition.targets.length > 0 ? transition.targets : [transition.source];
      const guard = transition.guard ? ` [${transition.guard}]` : '';
      const ignored = transition.targets.length === 0 && transition.actions.length === 0 ? ' (ignored)' : '';
      const reenter = transition.reenter ? ' (restarts)' : '';
      for (const target of targets) {
        const label = mermaidText(`${transition.event}${guard}${ignored}${reenter}`);
        lines.push(`${pad}${id(transition.source)} --> ${id(target)}: ${label}`);
      }
    }
    for (const state of children) {
      if (state.type === 'final') lines.push(`${pad}${id(state.path)} --> [*]`);
      const notes = [
        ...(state.tags.length ? [`tags: ${state.tags.join(', ')}`] : []),
        ...(state.invokes.length ? [`invokes: ${state.invokes.join(', ')}`] : []),
      ];
      if (notes.length) lines.push(`${pad}note right of ${id(state.path)}: ${mermaidText(notes.join(' · '))}`);
    }
  };
  render('', 1);
  return lines.join('\n');
}

const code = (text: string) => `\`${text}\``;

function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '_None._';
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`),
  ].join('\n');
}

/** The QA figures: how many shortest paths `npm run paths` gives and what they reach. */
export function renderTestPaths(name: keyof typeof machines): string {
  const { paths } = generatePaths(models[name], 'shortest');
  const { states, transitions } = machineCoverage(models[name].machine, paths);
  const percent = (reached: number, total: number) => `${total === 0 ? 100 : Math.floor((reached / total) * 100)}%`;
  return [
    `${paths.length} shortest paths (${code(`npm run paths -- --machine ${name} --kind shortest`)}) reach`,
    `${states.reached}/${states.total} states (${percent(states.reached, states.total)}) and ${transitions.reached}/${transitions.total} transitions (${percent(transitions.reached, transitions.total)}).`,
    ...(states.missing.length + transitions.missing.length > 0
      ? ['Never reached: ' + [...states.missing, ...transitions.missing].map(code).join(', ') + '.']
      : []),
  ].join(' ');
}

export function renderMachine(name: string, machine: AnyStateMachine, docs: MachineDocs): string {
  const transitions = listTransitions(machine);
  const implementations = listImplementations(machine);
  const states = listStates(machine);

  const acceptedIn = (eventType: string) =>
    [...new Set(transitions.filter((t) => t.eventType === eventType).map((t) => t.source))].map(code).join(', ');
  const stateRows = states.map((state) => [
    code(state.path),
    state.tags.map(code).join(', '),
    state.invokes.map(code).join(', '),
  ]);
  const eventRows = Object.entries(docs.events).map(([type, meaning]) => [code(type), acceptedIn(type), meaning]);
  const injectedRows = [
    ...implementations.actors.map((actor) => ['actor', code(actor)]),
    ...implementations.actions.map((action) => ['action', code(action)]),
  ];
  const emittedRows = Object.entries(docs.emitted).map(([type, meaning]) => [code(type), meaning]);
  const delays = implementations.delays.map((delay) => {
    const value = (machine.implementations.delays as Record<string, unknown>)[delay];
    return `${code(delay)} = ${typeof value === 'number' ? `${value} ms` : 'computed'}`;
  });

  // Registry names are camelCase; their folders and files are kebab-case (tradingAccount → trading-account).
  const file = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return [
    `## ${name}`,
    '',
    `${code(`machines/${file}/${file}.machine.ts`)} → ${code(`${name}Machine`)} (id ${code(machine.id)})`,
    '',
    '```mermaid',
    renderChart(machine),
    '```',
    '',
    '### States',
    '',
    table(['state', 'tags', 'invokes'], stateRows),
    '',
    '### Events',
    '',
    table(['event', 'accepted in', 'meaning'], eventRows),
    '',
    '### Injected with `.provide()`',
    '',
    table(['kind', 'name'], injectedRows),
    ...(delays.length ? ['', `Delays: ${delays.join(', ')}.`] : []),
    '',
    '### Emitted',
    '',
    table(['event', 'when'], emittedRows),
    '',
    '### Test paths',
    '',
    renderTestPaths(name as keyof typeof machines),
    '',
  ].join('\n');
}

export function renderMachinesDoc(): string {
  const names = Object.keys(machines) as Array<keyof typeof machines>;
  return [
    '<!-- Generated by scripts/machine-charts.ts from machines/index.ts. Do not edit; run `npm run docs:machines`. -->',
    '',
    '# State machines',
    '',
    'The pure XState machines of the app. Effects (HTTP, cookies, alerts, the document) are',
    'injected by the app with `.provide()`; the defaults are no-ops, and actors that reject',
    'with "not provided". Labels: `done: x` / `error: x` is the invoked actor `x` resolving /',
    'rejecting, `always [guard]` an eventless transition, `(ignored)` an event explicitly dropped,',
    '`(restarts)` a transition that re-enters its state. In the charts the colon is U+A789 (꞉),',
    "because Mermaid's state-diagram grammar ends a label at ':'.",
    '',
    ...names.map((name) => `- [${name}](#${name})`),
    '',
    'Each machine is walked by model-based tests (`machines/<name>/<name>.test.ts`, the walk itself',
    'in `<name>.model.ts`): xstate/graph finds the shortest path to every state (keyed by state',
    'value plus the context that matters) and extends it by every event, with effects modelled as',
    'events (`xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*`). Each path is replayed',
    'on a real actor whose injected promises the test settles and whose clock is simulated, and',
    '`machineCoverage` (`machines/testing/coverage.ts`) fails the suite if any state or transition',
    'below was never taken. The same walk gives QA its test paths (`npm run paths`, see',
    '[qa.md](qa.md)); each machine below ends with their figures.',
    '',
    ...names.map((name) => renderMachine(name, machines[name], machineDocs[name])),
  ].join('\n');
}

function main(argv: string[]): number {
  const expected = renderMachinesDoc();
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(DOC_PATH, 'utf8');
    } catch {
      // A missing file is simply out of date.
    }
    if (current !== expected) {
      console.error('docs/machines.md is out of date: run `npm run docs:machines`.');
      return 1;
    }
    console.log('docs/machines.md is up to date.');
    return 0;
  }
  writeFileSync(DOC_PATH, expected);
  console.log(`Wrote ${DOC_PATH}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
