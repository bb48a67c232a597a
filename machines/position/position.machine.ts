import { assign, emit, fromPromise, setup } from 'xstate';
import type { Locale } from '../../contract/locales';
import type { Deal, Instrument, Position } from '../../contract/platform';
import { errorsFromResponse } from '../form/form-errors';
import { parseStop, typedText } from '../order-ticket/order-rules';

export type StopField = 'stop_loss' | 'take_profit';
export const STOP_FIELDS: readonly StopField[] = ['stop_loss', 'take_profit'];

/** PATCH /api/accounts/{login}/positions/{ticket}: both stops, null removes one. */
export interface StopsRequest {
  stop_loss: number | null;
  take_profit: number | null;
}

export interface PositionInput {
  position: Position;
  instrument: Instrument;
  locale: Locale;
}

export interface PositionContext {
  position: Position;
  instrument: Instrument;
  locale: Locale;
  /** The stops as typed while editing. */
  stop_loss: string;
  take_profit: string;
  /** A save was tried: every problem shows. */
  submitted: boolean;
  /** The server's refusal of the stops, by field. */
  errors: Record<string, string[]>;
  /** Why the last close or change failed when no field says. */
  message: string | null;
  /** The closing deal, once closed by the client. */
  deal: Deal | null;
}

export type PositionEvent =
  | { type: 'position.update'; current_price: number; profit: number }
  | { type: 'position.changed'; position: Position }
  | { type: 'position.gone' }
  | { type: 'stops.edit' }
  | { type: 'stops.change'; field: StopField; value: string }
  | { type: 'stops.save' }
  | { type: 'stops.cancel' }
  | { type: 'close.request' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' };

export type PositionEmitted = { type: 'position.closed'; deal: Deal } | { type: 'position.modified'; position: Position };

export const positionEvents = {
  'position.update': 'a live price and profit for the position (account.state)',
  'position.changed': 'the position as the server now has it (a refetch)',
  'position.gone': 'the platform closed it (stop-loss, take-profit, stop-out): the list refetched lacks it',
  'stops.edit': 'open the stops form with the current stops',
  'stops.change': 'a stop was typed into: store the text, clear its server error',
  'stops.save': 'send the stops when they are valid against the live price, else show the problems',
  'stops.cancel': 'leave the stops form unchanged',
  'close.request': 'ask to close the position (a confirmation shows)',
  'close.confirm': 'close it at the market',
  'close.cancel': 'keep it open',
} as const satisfies Record<PositionEvent['type'], string>;

export const positionEmitted = {
  'position.closed': 'the platform closed the position; the page refetches deals, state and curve',
  'position.modified': 'the platform took the new stops',
} as const satisfies Record<PositionEmitted['type'], string>;

const stopText = (value: number | null, instrument: Instrument, locale: Locale) => (value === null ? '' : typedText(value, instrument.digits, locale));

/** Problems of the typed stops against the live price (codes; the screen words them). */
export function stopProblems(context: PositionContext): Partial<Record<StopField, string>> {
  const { position, instrument, locale } = context;
  const problems: Partial<Record<StopField, string>> = {};
  for (const field of STOP_FIELDS) {
    const stop = parseStop(context[field], field, position.side, position.current_price, instrument, locale);
    if (!stop.ok) problems[field] = stop.problem;
  }
  return problems;
}

/** The stops to send, or null while one has a problem. */
export function stopsOf(context: PositionContext): StopsRequest | null {
  if (Object.keys(stopProblems(context)).length > 0) return null;
  const read = (field: StopField) => {
    const stop = parseStop(context[field], field, context.position.side, null, context.instrument, context.locale);
    return stop.ok ? stop.value : null;
  };
  return { stop_loss: read('stop_loss'), take_profit: read('take_profit') };
}

/**
 * One open position: live price and profit as they arrive; its stops changed through a form
 * checked against the live price (`modifyStops`, injected); closed after a confirmation
 * (`closePosition`, injected). A failure goes back with the input kept and the error shown;
 * closed (by the client, or by the platform's stops) is final.
 */
export const positionMachine = setup({
  types: {
    input: {} as PositionInput,
    context: {} as PositionContext,
    events: {} as PositionEvent,
    emitted: {} as PositionEmitted,
    tags: {} as 'busy',
  },
  actors: {
    modifyStops: fromPromise<Position, { ticket: number; stops: StopsRequest }>(async () => {
      throw new Error('modifyStops not provided');
    }),
    closePosition: fromPromise<Deal, { ticket: number }>(async () => {
      throw new Error('closePosition not provided');
    }),
  },
  guards: {
    stopsValid: ({ context }) => stopsOf(context) !== null,
  },
  actions: {
    update: assign({
      position: ({ context }, params: { current_price: number; profit: number }) => ({ ...context.position, ...params }),
    }),
    replace: assign({ position: (_, params: { position: Position }) => params.position }),
    startEditing: assign(({ context }) => ({
      stop_loss: stopText(context.position.stop_loss, context.instrument, context.locale),
      take_profit: stopText(context.position.take_profit, context.instrument, context.locale),
      submitted: false,
      errors: {},
      message: null,
    })),
    change: assign(({ context }, params: { field: StopField; value: string }) => ({
      [params.field]: params.value,
      errors: Object.fromEntries(Object.entries(context.errors).filter(([key]) => key !== params.field)),
      message: null,
    })),
    showProblems: assign({ submitted: true }),
    clearMessage: assign({ message: null }),
    refuse: assign((_, params: { error: unknown }) => errorsFromResponse(params.error)),
    emitModified: emit((_, params: { position: Position }) => ({ type: 'position.modified' as const, position: params.position })),
    setDeal: assign({ deal: (_, params: { deal: Deal }) => params.deal }),
    emitClosed: emit((_, params: { deal: Deal }) => ({ type: 'position.closed' as const, deal: params.deal })),
  },
}).createMachine({
  id: 'position',
  context: ({ input }) => ({
    position: input.position,
    instrument: input.instrument,
    locale: input.locale,
    stop_loss: '',
    take_profit: '',
    submitted: false,
    errors: {},
    message: null,
    deal: null,
  }),
  initial: 'active',
  states: {
    // Live updates reach every step but the last: a closed position hears nothing more.
    active: {
      initial: 'open',
      on: {
        'position.update': { actions: { type: 'update', params: ({ event }) => ({ current_price: event.current_price, profit: event.profit }) } },
        'position.changed': { actions: { type: 'replace', params: ({ event }) => ({ position: event.position }) } },
        'position.gone': '#position.closed',
      },
      states: {
        open: {
          on: {
            'stops.edit': { target: 'editingStops', actions: 'startEditing' },
            'close.request': { target: 'confirmingClose', actions: 'clearMessage' },
          },
        },
        editingStops: {
          on: {
            'stops.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'stops.save': [{ guard: 'stopsValid', target: 'modifying' }, { actions: 'showProblems' }],
            'stops.cancel': { target: 'open', actions: 'clearMessage' },
          },
        },
        modifying: {
          tags: ['busy'],
          invoke: {
            id: 'modifyStops',
            src: 'modifyStops',
            input: ({ context }) => ({ ticket: context.position.ticket, stops: stopsOf(context)! }),
            onDone: {
              target: 'open',
              actions: [
                { type: 'replace', params: ({ event }) => ({ position: event.output }) },
                { type: 'emitModified', params: ({ event }) => ({ position: event.output }) },
              ],
            },
            onError: { target: 'editingStops', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingClose: {
          on: {
            'close.confirm': 'closing',
            'close.cancel': 'open',
          },
        },
        closing: {
          tags: ['busy'],
          invoke: {
            id: 'closePosition',
            src: 'closePosition',
            input: ({ context }) => ({ ticket: context.position.ticket }),
            onDone: {
              target: '#position.closed',
              actions: [
                { type: 'setDeal', params: ({ event }) => ({ deal: event.output }) },
                { type: 'emitClosed', params: ({ event }) => ({ deal: event.output }) },
              ],
            },
            // Still open: the reason shows on the row, and closing can be asked again.
            onError: { target: 'open', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});

export type PositionMachine = typeof positionMachine;
