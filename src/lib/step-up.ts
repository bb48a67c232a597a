/**
 * The step-up: an action the server answered 423 (`step_up_required`, docs/adr/0084) waits here
 * while the step-up dialog (src/ui/StepUpHost.tsx) asks for the second factor, then is sent again
 * with the user's input as it was. One request at a time: a second asks the same open dialog.
 */
import type { StepUpMethod } from '../../contract/security';

export interface OpenStepUp {
  id: number;
  methods: StepUpMethod[];
}

let current: { step: OpenStepUp; answer: Promise<boolean>; resolve: (proved: boolean) => void } | null = null;
const listeners = new Set<() => void>();
let nextId = 1;

const notify = () => listeners.forEach((listener) => listener());

/** Resolves true once the user proved themselves again, false when they cancelled. */
export function askStepUp(methods: StepUpMethod[]): Promise<boolean> {
  if (current) return current.answer;
  let resolve!: (proved: boolean) => void;
  const answer = new Promise<boolean>((done) => (resolve = done));
  current = { step: { id: nextId++, methods }, answer, resolve };
  notify();
  return answer;
}

export function finishStepUp(proved: boolean): void {
  const finished = current;
  current = null;
  finished?.resolve(proved);
  notify();
}

export function subscribeStepUp(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentStepUp = (): OpenStepUp | null => current?.step ?? null;
