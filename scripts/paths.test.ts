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
  // Every machine, both kinds: what QA downloads.
  const { stdout, stderr, exitCode } = run(['--json']);
  const parsed = JSON.parse(stdout) as Record<string, JsonPath[]>;
  const lines = stdout.trimEnd().split('\n');

  it('is keyed by machine name, every registered machine, each with a list of paths of both kinds', () => {
    expect(exitCode).toBe(0);
    expect(Object.keys(parsed)).toEqual(names);
    for (const name of names) {
      expect(new Set(parsed[name]!.map((path) => path.kind)), name).toEqual(new Set(['shortest', 'simple']));
    }
  });

  it('stays under 1 MB for each machine, one path per line', () => {
    for (const name of names) {
      const bytes = parsed[name]!.reduce((sum, path) => sum + Buffer.byteLength(JSON.stringify(path)), 0);
      expect(bytes, name).toBeLessThan(1_000_000);
    }
    // An opening and a closing line for the whole, and for each machine.
    expect(lines.length).toBe(Object.values(parsed).reduce((sum, paths) => sum + paths.length, 0) + 2 + 2 * names.length);
  });

  it('starts each path at a state value with the whole context, and gives each step the event, the state value reached and only the context it changed', () => {
    const path = parsed.session!.find((candidate) => candidate.steps.some((step) => step.label.startsWith('error: ')));
    expect(path).toBeDefined();
    expect(path!.start).toEqual({ state: 'signedOut', context: { token: null, user: null } });
    for (const step of path!.steps) {
      expect(step).toEqual({
        event: expect.objectContaining({ type: expect.any(String) }),
        label: expect.any(String),
        state: expect.any(String),
        ...('context' in step ? { context: expect.any(Object) } : {}),
        ...('unset' in step ? { unset: ['reason'] } : {}),
      });
    }
    const signIn = parsed.session!.find((candidate) => candidate.steps.map((step) => step.label).join() === 'session.tokenSaved(token="t1", remember=true),done: fetchUser(output=#1)');
    expect(signIn?.steps).toEqual([
      { event: { type: 'session.tokenSaved', token: 't1', remember: true }, label: expect.any(String), state: 'fetchingUser', context: { token: 't1' } },
      { event: expect.objectContaining({ type: 'xstate.done.actor.fetchUser' }), label: expect.any(String), state: 'signedIn', context: { user: 1 } },
    ]);
    const failed = parsed.session!.flatMap((p) => p.steps).find((step) => step.label === 'error: fetchUser');
    expect(failed?.event).toMatchObject({ type: 'xstate.error.actor.fetchUser', error: { error: 'fetchUser failed' } });
  });

  it('leaves the context out of a step that changed none of it, and names the keys a step drops', () => {
    const ignored = parsed.theme!.flatMap((p) => p.steps).filter((step) => !('context' in step));
    expect(ignored.length).toBeGreaterThan(0);
    const signedOut = parsed.session!.flatMap((p) => p.steps).find((step) => step.label === 'done: revokeToken');
    expect(signedOut).toMatchObject({ state: 'signedOut', unset: ['reason'] });
  });

  it('keeps stdout pure JSON and reports the coverage of every machine on stderr, complete for all kinds together', () => {
    for (const name of names) {
      expect(stderr).toMatch(new RegExp(`^${name}: states (\\d+)/\\1, transitions (\\d+)/\\2 \\(shortest paths\\)$`, 'm'));
      expect(stderr).toMatch(new RegExp(`^${name}: states (\\d+)/\\1, transitions (\\d+)/\\2 \\(shortest \\+ simple paths`, 'm'));
    }
    expect(stderr).not.toContain('missing');
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
