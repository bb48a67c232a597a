import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineDocs, machines } from '../machines/index';
import { listEventTypes, listImplementations, listStates, listTransitions } from '../machines/testing/definition';
import { DOC_PATH, renderChart, renderMachinesDoc, renderTestPaths } from './machine-charts';

const entries = Object.entries(machines);

/** The lines Mermaid's stateDiagram-v2 grammar accepts in our charts; labels and notes stop at ':' or ';'. */
const MERMAID_LINE = [
  /^stateDiagram-v2$/,
  /^\s*\[\*\] --> [^:\s{-]+$/,
  /^\s*[^:\s{-]+ --> \[\*\]$/,
  /^\s*[^:\s{-]+ --> [^:\s{-]+: [^:;\n#]+$/,
  /^\s*state [^:\s{-]+ \{$/,
  /^\s*\}$/,
  /^\s*note right of [^:\s-]+: [^:;\n#]+$/,
];

describe('machine charts', () => {
  it.each(entries)('draws every state of the %s machine', (_, machine) => {
    const chart = renderChart(machine);
    for (const state of listStates(machine)) expect(chart).toMatch(new RegExp(`\\b${state.key}\\b`));
  });

  it.each(entries)('draws every transition of the %s machine', (_, machine) => {
    const arrows = renderChart(machine)
      .split('\n')
      .filter((line) => / --> (?!\[\*\])/.test(line) && !line.includes('[*] -->'));
    expect(arrows.length).toBe(
      listTransitions(machine).reduce((count, transition) => count + Math.max(1, transition.targets.length), 0),
    );
  });

  it.each(entries)('writes the %s chart in lines Mermaid can parse', (_, machine) => {
    for (const line of renderChart(machine).split('\n')) {
      expect(MERMAID_LINE.some((pattern) => pattern.test(line)), line).toBe(true);
    }
  });

  it('labels delays, eventless transitions and invoke outcomes', () => {
    expect(renderChart(machines.form)).toContain('recent --> settled: after 2000ms');
    expect(renderChart(machines.session)).toContain('booting --> fetchingUser: always [hasToken]');
    expect(renderChart(machines.session)).toContain('fetchingUser --> signedIn: done\uA789 fetchUser');
    expect(renderChart(machines.session)).toContain('fetchingUser --> signedOut: error\uA789 fetchUser');
    expect(renderChart(machines.session)).toContain('note right of fetchingUser: tags\uA789 resolving');
  });

  it.each(entries)('documents exactly the events the %s machine accepts', (name, machine) => {
    expect(Object.keys(machineDocs[name as keyof typeof machines].events).sort()).toEqual(listEventTypes(machine));
  });

  it('lists the injected actors and actions, and leaves out the internal ones', () => {
    expect(listImplementations(machines.session)).toMatchObject({
      actors: ['fetchUser', 'revokeToken', 'confirmExpired'],
      actions: ['persistToken', 'forgetToken'],
    });
    expect(listImplementations(machines.locale).actions).toEqual(['activate', 'persistLocale', 'deleteLocaleCookie']);
    expect(listImplementations(machines.theme).actions).toEqual(['applyTheme', 'persistTheme']);
    expect(listImplementations(machines.loader)).toMatchObject({ actors: [], actions: [] });
    expect(listImplementations(machines.form)).toMatchObject({ actors: ['submit'], actions: [], delays: ['RECENTLY_SUCCESSFUL_MS'] });
  });

  it.each(entries)('gives the %s machine its test-path figures, at full coverage', (name, machine) => {
    const line = renderTestPaths(name as keyof typeof machines);
    const states = listStates(machine).length;
    const transitions = listTransitions(machine).length;
    expect(line).toMatch(new RegExp(`^\\d+ shortest paths \\(\`npm run paths -- --machine ${name} --kind shortest\`\\)`));
    expect(line).toContain(`${states}/${states} states (100%) and ${transitions}/${transitions} transitions (100%).`);
    expect(line).not.toContain('Never reached');
    expect(renderMachinesDoc()).toContain(`### Test paths\n\n${line}\n`);
  });

  it('renders the same document every time', () => {
    expect(renderMachinesDoc()).toBe(renderMachinesDoc());
  });

  it('has docs/machines.md up to date (run `npm run docs:machines`)', () => {
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(renderMachinesDoc());
  });
});
