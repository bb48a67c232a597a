import type { SnapshotFrom } from 'xstate';
import type { Deal, Position } from '../../contract/platform';
import { stopProblems, stopsOf, type PositionMachine, type StopField, type StopsRequest } from './position.machine';

export type PositionSnapshot = SnapshotFrom<PositionMachine>;

/** A stop's problem to show: the server's text, or a rule code the screen words. */
export type StopProblem = { kind: 'server'; text: string } | { kind: 'rule'; code: string };

export const selectPosition = (s: PositionSnapshot): Position => s.context.position;
export const selectIsEditingStops = (s: PositionSnapshot): boolean => s.matches({ active: 'editingStops' }) || s.matches({ active: 'modifying' });
export const selectIsSavingStops = (s: PositionSnapshot): boolean => s.matches({ active: 'modifying' });
export const selectIsConfirmingClose = (s: PositionSnapshot): boolean => s.matches({ active: 'confirmingClose' });
export const selectIsClosing = (s: PositionSnapshot): boolean => s.matches({ active: 'closing' });
export const selectIsBusy = (s: PositionSnapshot): boolean => s.hasTag('busy');
export const selectIsClosed = (s: PositionSnapshot): boolean => s.matches('closed');
export const selectClosingDeal = (s: PositionSnapshot): Deal | null => s.context.deal;
export const selectStopText = (s: PositionSnapshot, field: StopField): string => s.context[field];
/** Why the last close or change failed, when no field says (the row shows it). */
export const selectMessage = (s: PositionSnapshot): string | null => s.context.message;
export const selectStops = (s: PositionSnapshot): StopsRequest | null => stopsOf(s.context);
/** Can close be asked for now (not while a request runs or another step is open). */
export const selectCanClose = (s: PositionSnapshot): boolean => s.can({ type: 'close.request' });
export const selectCanEditStops = (s: PositionSnapshot): boolean => s.can({ type: 'stops.edit' });

/** The server's refusal while it stands, else the rule's problem once a field is not empty or a save was tried. */
export function selectStopProblem(s: PositionSnapshot, field: StopField): StopProblem | undefined {
  const server = s.context.errors[field]?.[0];
  if (server) return { kind: 'server', text: server };
  if (!s.context.submitted && s.context[field].trim() === '') return undefined;
  const code = stopProblems(s.context)[field];
  return code ? { kind: 'rule', code } : undefined;
}
