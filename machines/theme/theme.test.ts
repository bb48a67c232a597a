import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { DEFAULT_THEME, themeMachine, type Theme } from './theme.machine';
import { themeModel } from './theme.model';
import { selectIsDark, selectTheme } from './theme.selectors';

const pathsByInput = modelPaths(themeModel);

describe('theme machine, model-based', () => {
  it('follows every generated path, from every input, on a real actor', async () => {
    expect(await replayModel(themeModel, pathsByInput)).toBe(pathsByInput.flatMap(({ paths }) => paths).length);
  });
});

describe('theme machine, coverage', () => {
  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(themeMachine, pathsByInput.flatMap(({ paths }) => paths));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

function startTheme(cookieTheme: string | undefined) {
  const calls = { applied: [] as Theme[], persisted: [] as Theme[] };
  const machine = themeMachine.provide({
    actions: {
      applyTheme: (_, { theme }) => void calls.applied.push(theme),
      persistTheme: (_, { theme }) => void calls.persisted.push(theme),
    },
  });
  const actor = createActor(machine, { input: { cookieTheme } }).start();
  return { actor, calls };
}

describe('theme machine', () => {
  it('applies the cookie theme at start without writing the cookie', () => {
    const { actor, calls } = startTheme('dark-theme');
    expect(actor.getSnapshot().value).toBe('dark');
    expect(selectTheme(actor.getSnapshot())).toBe('dark-theme');
    expect(selectIsDark(actor.getSnapshot())).toBe(true);
    expect(calls).toEqual({ applied: ['dark-theme'], persisted: [] });
  });

  it('falls back to the light theme when the cookie is missing or unknown', () => {
    for (const cookie of [undefined, '', 'purple']) {
      const { actor, calls } = startTheme(cookie);
      expect(selectTheme(actor.getSnapshot())).toBe(DEFAULT_THEME);
      expect(DEFAULT_THEME).toBe('light-theme');
      expect(calls.applied).toEqual(['light-theme']);
    }
  });

  it('applies and persists the other theme on toggle', () => {
    const { actor, calls } = startTheme(undefined);
    actor.send({ type: 'theme.toggle' });
    expect(selectIsDark(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'theme.toggle' });
    expect(selectIsDark(actor.getSnapshot())).toBe(false);
    expect(calls).toEqual({
      applied: ['light-theme', 'dark-theme', 'light-theme'],
      persisted: ['dark-theme', 'light-theme'],
    });
  });

  it('sets a theme explicitly and ignores setting the current one', () => {
    const { actor, calls } = startTheme('light-theme');
    actor.send({ type: 'theme.set', theme: 'light-theme' });
    actor.send({ type: 'theme.set', theme: 'dark-theme' });
    actor.send({ type: 'theme.set', theme: 'dark-theme' });
    expect(selectTheme(actor.getSnapshot())).toBe('dark-theme');
    expect(calls.persisted).toEqual(['dark-theme']);
  });
});
