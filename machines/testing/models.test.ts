import { describe, expect, it } from 'vitest';
import { machines } from '../index';
import { machineCoverage } from './coverage';
import { modelPaths } from './model';
import { models } from './models';

describe('machine models', () => {
  it.each(Object.entries(models))('walks the registered %s machine', (name, model) => {
    expect(model.machine).toBe(machines[name as keyof typeof machines]);
  });

  it.each(Object.entries(models))('reaches every state and transition of the %s machine', (_, model) => {
    const coverage = machineCoverage(
      model.machine,
      modelPaths(model).flatMap(({ paths }) => paths),
    );
    expect(coverage.states.reached).toBe(coverage.states.total);
    expect(coverage.transitions.reached).toBe(coverage.transitions.total);
  });
});
