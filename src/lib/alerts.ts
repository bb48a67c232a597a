/**
 * The app's modal alerts (seed, section 8): the session-expired warning, the server-error alert
 * and the full-screen HTML error frame. One alert shows at a time; asking for one while another
 * of the same kind is open returns the open one's answer instead of stacking a second.
 */

import type { DialogInputType } from './dialog-input';

export type AlertTone = 'warning' | 'error' | 'info';
/** `deny` is the seed's "No": a dialog that asks may offer it beside "OK" and "Cancel". */
export type AlertAnswer = 'confirm' | 'deny' | 'cancel';

export interface AlertRequest {
  kind: string;
  tone: AlertTone;
  title: string;
  text: string;
  confirmLabel: string;
  /** Shown only when set; see `dialogButtons` for the seed's default wording. */
  denyLabel?: string;
  cancelLabel?: string;
  /** A dialog that asks for an address: the seed's checks ("Invalid email address", "Invalid URL") run before OK. */
  input?: { type: DialogInputType; label: string; value?: string };
  /** An HTML page to show full-screen in a sandboxed frame instead of a text alert. */
  html?: string;
}

export interface OpenAlert extends AlertRequest {
  id: number;
}

type Listener = () => void;

export interface AnswerWithValue {
  answer: AlertAnswer;
  /** What was typed into the dialog's input; '' without one. */
  value: string;
}

interface Pending {
  alert: OpenAlert;
  answer: Promise<AnswerWithValue>;
  resolve: (answer: AnswerWithValue) => void;
}

let current: Pending | null = null;
const queue: Pending[] = [];
const listeners = new Set<Listener>();
let nextId = 1;

function notify(): void {
  for (const listener of listeners) listener();
}

export function showAlert(request: AlertRequest): Promise<AlertAnswer> {
  return askAlert(request).then(({ answer }) => answer);
}

/** As `showAlert`, with what was typed into the dialog's input. */
export function askAlert(request: AlertRequest): Promise<AnswerWithValue> {
  const same = [current, ...queue].find((pending) => pending?.alert.kind === request.kind);
  if (same) return same.answer;
  let resolve!: (answer: AnswerWithValue) => void;
  const answer = new Promise<AnswerWithValue>((done) => (resolve = done));
  const pending: Pending = { alert: { ...request, id: nextId++ }, answer, resolve };
  if (current) {
    queue.push(pending);
  } else {
    current = pending;
    notify();
  }
  return answer;
}

export function answerAlert(answer: AlertAnswer, value = ''): void {
  const answered = current;
  current = queue.shift() ?? null;
  answered?.resolve({ answer, value });
  notify();
}

export function subscribeAlerts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAlert(): OpenAlert | null {
  return current?.alert ?? null;
}
