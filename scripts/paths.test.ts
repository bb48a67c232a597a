import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { machines } from '../machines/index';
import { parseArgs, run, type JsonPath } from './paths';

const names = Object.keys(machines);

describe('npm run paths: options', () => {
  it('walks every registered machine with both kinds by default, as text', () => {
    expect(parseArgs([])).toEqual({ machines: names, kinds: ['shortest', 'simple'], json: false });
  });

  it('picks machines and a kind, in either spelling', () => {
    expect(parseArgs(['--machine', 'session', '--machine=theme', '--kind', 'simple', '--json'])).toEqual({
      machines: ['session', 'theme'],
      kinds: ['simple'],
      json: true,
    });
    expect(parseArgs(['-m', 'form', '-k', 'shortest'])).toMatchObject({ machines: ['form'], kinds: ['shortest'] });
  });

  it('refuses an unknown machine, kind or option with the usage and exit code 2', () => {
    for (const argv of [['--machine', 'nope'], ['--kind', 'longest'], ['--verbose'], ['--machine']]) {
      const result = run(argv);
      expect(result.exitCode, argv.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run paths');
      expect(result.stdout).toBe('');
    }
  });
});

describe('npm run paths: text', () => {
  const { stdout, exitCode } = run(['--machine', 'session', '--kind', 'shortest']);

  it('numbers the steps of each path: the event, then the state it reaches', () => {
    expect(exitCode).toBe(0);
    expect(stdout).toContain('== session: ');
    expect(stdout).toMatch(
      /session shortest #\d+ \(input \{"token":null\}\)\n {3}start: signedOut \(token=null, user=null\)\n {3}1\. session\.tokenSaved\(token="t1", remember=true\) → fetchingUser \(token="t1", user=null\)\n {3}2\. done: fetchUser\(output=#1\) → signedIn \(token="t1", user=1\)\n/,
    );
    expect(stdout).not.toContain('== locale');
  });

  it('prints the coverage of the machine at 100%', () => {
    expect(stdout).toContain('session: states 6/6, transitions 17/17 (shortest paths)');
    expect(stdout).not.toContain('missing');
  });
});

describe('npm run paths -- --json', () => {
  // Shortest paths only: the simple ones are slow to make and covered in machines/testing/paths.test.ts.
  const { stdout, stderr, exitCode } = run(['--json', '--kind', 'shortest']);
  const parsed = JSON.parse(stdout) as Record<string, JsonPath[]>;

  it('is keyed by machine name, every registered machine, each with a list of paths', () => {
    expect(exitCode).toBe(0);
    expect(Object.keys(parsed)).toEqual(names);
    for (const name of names) {
      expect(parsed[name]!.length).toBeGreaterThan(0);
      expect(new Set(parsed[name]!.map((path) => path.kind))).toEqual(new Set(['shortest']));
    }
  });

  it('gives each step the event with its payload and the state it reaches', () => {
    const path = parsed.session!.find((candidate) => candidate.steps.some((step) => step.label.startsWith('error: ')));
    expect(path).toBeDefined();
    expect(path!.start).toMatchObject({ event: { type: 'xstate.init' }, state: { value: expect.anything() } });
    for (const step of path!.steps) {
      expect(step).toEqual({
        event: expect.objectContaining({ type: expect.any(String) }),
        label: expect.any(String),
        state: expect.objectContaining({ value: expect.anything() }),
        reached: expect.any(String),
      });
    }
    const saved = parsed.session!.flatMap((p) => p.steps).find((step) => step.event && (step.event as { type: string }).type === 'session.tokenSaved');
    expect(saved).toMatchObject({ event: { type: 'session.tokenSaved', token: 't1', remember: true } });
    const failed = parsed.session!.flatMap((p) => p.steps).find((step) => step.label === 'error: fetchUser');
    expect(failed?.event).toMatchObject({ type: 'xstate.error.actor.fetchUser', error: { error: 'fetchUser failed' } });
  });

  it('keeps stdout pure JSON and reports the coverage of every machine on stderr', () => {
    for (const name of names) expect(stderr).toMatch(new RegExp(`^${name}: states (\\d+)/\\1, transitions (\\d+)/\\2 \\(shortest paths\\)$`, 'm'));
  });
});

describe('npm run paths, the command', () => {
  it('runs through npm with its options', () => {
    const result = spawnSync('npm', ['run', '--silent', 'paths', '--', '--machine', 'theme', '--json'], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const parsed = JSON.parse(result.stdout) as Record<string, JsonPath[]>;
    expect(Object.keys(parsed)).toEqual(['theme']);
    expect(parsed.theme!.map((path) => path.steps.map((step) => step.label))).toContainEqual(['theme.toggle']);
    expect(new Set(parsed.theme!.map((path) => path.kind))).toEqual(new Set(['shortest', 'simple']));
    expect(result.stderr).toContain('theme: states 3/3, transitions 6/6 (shortest paths)');
    expect(result.stderr).toContain('theme: states 3/3, transitions 6/6 (simple paths)');
    expect(result.stderr).toContain('theme: states 3/3, transitions 6/6 (shortest + simple paths)');
  });
});
