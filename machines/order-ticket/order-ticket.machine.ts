import { assign, emit, fromPromise, setup } from 'xstate';
import type { Locale } from '../../contract/locales';
import type { Instrument, OrderResult, Quote, Side, TradingSymbol } from '../../contract/platform';
import { errorsFromResponse } from '../form/form-errors';
import { closePrice, parseStop, parseVolume, typedText } from './order-rules';

/** The fields a person types into; each may carry the server's refusal. */
export type TicketField = 'volume' | 'stop_loss' | 'take_profit';
export const TICKET_FIELDS: readonly TicketField[] = ['volume', 'stop_loss', 'take_profit'];

/** The order as POST /api/accounts/{login}/orders takes it. */
export interface OrderRequest {
  symbol: TradingSymbol;
  side: Side;
  volume: number;
  stop_loss?: number;
  take_profit?: number;
}

export interface OrderTicketInput {
  instruments: Instrument[];
  quotes: Quote[];
  locale: Locale;
  symbol?: TradingSymbol;
}

export interface OrderTicketContext {
  instruments: Instrument[];
  /** The latest quote of each symbol. */
  quotes: Quote[];
  locale: Locale;
  symbol: TradingSymbol;
  side: Side;
  /** Text as typed ("0,10" in ru is fine). */
  volume: string;
  stop_loss: string;
  take_profit: string;
  /** Fields changed since the ticket opened: their own problems show as soon as they are typed. */
  touched: TicketField[];
  /** A submit was tried: every problem shows. */
  submitted: boolean;
  /** The server's refusal by field (`symbol` when the market is closed). */
  serverErrors: Record<string, string[]>;
  message: string | null;
  result: OrderResult | null;
}

export type OrderTicketEvent =
  | { type: 'ticket.symbol'; symbol: TradingSymbol }
  | { type: 'ticket.side'; side: Side }
  | { type: 'ticket.change'; field: TicketField; value: string }
  | { type: 'ticket.quotes'; quotes: Quote[] }
  | { type: 'ticket.submit' }
  | { type: 'ticket.again' };

export type OrderTicketEmitted = { type: 'order.filled'; result: OrderResult };

export const orderTicketEvents = {
  'ticket.symbol': 'choose the instrument (its stops and server errors are cleared)',
  'ticket.side': 'choose buy or sell (the stops are checked against the other price)',
  'ticket.change': 'a field was typed into: store the text, clear its server error',
  'ticket.quotes': 'new prices: stops and the margin preview are checked against them',
  'ticket.submit': 'send the order when the input is valid, else show every problem',
  'ticket.again': 'after a fill: a new order with the same instrument, side and volume',
} as const satisfies Record<OrderTicketEvent['type'], string>;

export const orderTicketEmitted = {
  'order.filled': 'the platform opened the position; the page refetches positions and state',
} as const satisfies Record<OrderTicketEmitted['type'], string>;

/** Problems of the current input, by field (codes; the screen words them). Empty: ready to send. */
export function inputProblems(context: OrderTicketContext): Partial<Record<TicketField, string>> {
  const instrument = context.instruments.find((i) => i.symbol === context.symbol);
  if (!instrument) return { volume: 'numeric' };
  const quote = context.quotes.find((q) => q.symbol === context.symbol);
  const close = quote ? closePrice(quote, context.side) : null;
  const problems: Partial<Record<TicketField, string>> = {};
  const volume = parseVolume(context.volume, instrument, context.locale);
  if (!volume.ok) problems.volume = volume.problem;
  for (const field of ['stop_loss', 'take_profit'] as const) {
    const stop = parseStop(context[field], field, context.side, close, instrument, context.locale);
    if (!stop.ok) problems[field] = stop.problem;
  }
  return problems;
}

/** The order to send, or null while the input has a problem. */
export function orderOf(context: OrderTicketContext): OrderRequest | null {
  const instrument = context.instruments.find((i) => i.symbol === context.symbol);
  if (!instrument || Object.keys(inputProblems(context)).length > 0) return null;
  const volume = parseVolume(context.volume, instrument, context.locale);
  // Checked against no price: the server checks the stops against its own at the fill.
  const sl = parseStop(context.stop_loss, 'stop_loss', context.side, null, instrument, context.locale);
  const tp = parseStop(context.take_profit, 'take_profit', context.side, null, instrument, context.locale);
  if (!volume.ok || !sl.ok || !tp.ok) return null;
  return {
    symbol: context.symbol,
    side: context.side,
    volume: volume.value,
    ...(sl.value !== null ? { stop_loss: sl.value } : {}),
    ...(tp.value !== null ? { take_profit: tp.value } : {}),
  };
}

function firstVolume(input: OrderTicketInput): string {
  const instrument = input.instruments.find((i) => i.symbol === input.symbol) ?? input.instruments[0];
  if (!instrument) return '';
  const decimals = (String(instrument.volume_step).split('.')[1] ?? '').length;
  return typedText(instrument.volume_min, decimals, input.locale);
}

const withoutKeys = (errors: Record<string, string[]>, keys: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));

/**
 * The order ticket: instrument, side, volume in lots and optional stops, checked as they are typed
 * against the instrument's grid and the live price; a valid submit sends the order (`placeOrder`,
 * injected, with an idempotency key kept across retries of the same order); the server's refusal
 * shows on its field and keeps the input; a fill shows the result until a new order is started.
 */
export const orderTicketMachine = setup({
  types: {
    input: {} as OrderTicketInput,
    context: {} as OrderTicketContext,
    events: {} as OrderTicketEvent,
    emitted: {} as OrderTicketEmitted,
    tags: {} as 'busy',
  },
  actors: {
    placeOrder: fromPromise<OrderResult, { order: OrderRequest }>(async () => {
      throw new Error('placeOrder not provided');
    }),
  },
  guards: {
    inputValid: ({ context }) => orderOf(context) !== null,
  },
  actions: {
    chooseSymbol: assign((_, params: { symbol: TradingSymbol }) => ({
      symbol: params.symbol,
      stop_loss: '',
      take_profit: '',
      touched: [],
      submitted: false,
      serverErrors: {},
      message: null,
    })),
    chooseSide: assign(({ context }, params: { side: Side }) => ({
      side: params.side,
      serverErrors: withoutKeys(context.serverErrors, ['stop_loss', 'take_profit']),
      message: null,
    })),
    change: assign(({ context }, params: { field: TicketField; value: string }) => ({
      [params.field]: params.value,
      touched: context.touched.includes(params.field) ? context.touched : [...context.touched, params.field],
      serverErrors: withoutKeys(context.serverErrors, [params.field, 'symbol']),
      message: null,
    })),
    mergeQuotes: assign({
      quotes: ({ context }, params: { quotes: Quote[] }) => [
        ...context.quotes.filter((q) => !params.quotes.some((n) => n.symbol === q.symbol)),
        ...params.quotes,
      ],
    }),
    showProblems: assign({ submitted: true }),
    startSubmit: assign({ serverErrors: {}, message: null }),
    fill: assign({ result: (_, params: { result: OrderResult }) => params.result }),
    emitFilled: emit((_, params: { result: OrderResult }) => ({ type: 'order.filled' as const, result: params.result })),
    refuse: assign((_, params: { error: unknown }) => {
      const { errors, message } = errorsFromResponse(params.error);
      return { serverErrors: errors, message };
    }),
    startAgain: assign({ stop_loss: '', take_profit: '', touched: [], submitted: false, result: null, serverErrors: {}, message: null }),
  },
}).createMachine({
  id: 'orderTicket',
  context: ({ input }) => ({
    instruments: input.instruments,
    quotes: input.quotes,
    locale: input.locale,
    symbol: input.symbol ?? input.instruments[0]?.symbol ?? 'EURUSD',
    side: 'buy',
    // The smallest volume the instrument takes, as the language types it.
    volume: firstVolume(input),
    stop_loss: '',
    take_profit: '',
    touched: [],
    submitted: false,
    serverErrors: {},
    message: null,
    result: null,
  }),
  initial: 'editing',
  // Quotes arrive in every state (the charts draw transitions per state, so each state names it).
  states: {
    editing: {
      on: {
        'ticket.quotes': { actions: { type: 'mergeQuotes', params: ({ event }) => ({ quotes: event.quotes }) } },
        'ticket.symbol': { actions: { type: 'chooseSymbol', params: ({ event }) => ({ symbol: event.symbol }) } },
        'ticket.side': { actions: { type: 'chooseSide', params: ({ event }) => ({ side: event.side }) } },
        'ticket.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'ticket.submit': [{ guard: 'inputValid', target: 'submitting' }, { actions: 'showProblems' }],
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'startSubmit',
      on: {
        'ticket.quotes': { actions: { type: 'mergeQuotes', params: ({ event }) => ({ quotes: event.quotes }) } },
      },
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({ order: orderOf(context)! }),
        onDone: {
          target: 'filled',
          actions: [
            { type: 'fill', params: ({ event }) => ({ result: event.output }) },
            { type: 'emitFilled', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        // Back to the ticket with everything typed: the refusal shows on its field.
        onError: { target: 'editing', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    filled: {
      on: {
        'ticket.quotes': { actions: { type: 'mergeQuotes', params: ({ event }) => ({ quotes: event.quotes }) } },
        'ticket.again': { target: 'editing', actions: 'startAgain' },
        'ticket.symbol': { target: 'editing', actions: ['startAgain', { type: 'chooseSymbol', params: ({ event }) => ({ symbol: event.symbol }) }] },
        'ticket.side': { target: 'editing', actions: ['startAgain', { type: 'chooseSide', params: ({ event }) => ({ side: event.side }) }] },
      },
    },
  },
});

export type OrderTicketMachine = typeof orderTicketMachine;
