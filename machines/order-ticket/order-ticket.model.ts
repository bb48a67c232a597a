import type { AnyMachineSnapshot } from 'xstate';
import type { Deal, Instrument, OrderResult, Position, Quote } from '../../contract/platform';
import { fetchError } from '../form/form.model';
import { doneEvent, errorEvent, type MachineModel } from '../testing/model';
import { orderTicketMachine, TICKET_FIELDS, type OrderTicketEvent, type OrderTicketInput } from './order-ticket.machine';
import { selectFieldProblem, selectMessage, selectOrder, type OrderTicketSnapshot } from './order-ticket.selectors';

const fx = (symbol: 'EURUSD' | 'USDJPY', digits: number, margin: string, profit: string): Instrument => ({
  symbol,
  digits,
  contract_size: 100_000,
  volume_min: 0.01,
  volume_step: 0.01,
  volume_max: 100,
  margin_currency: margin,
  profit_currency: profit,
  sessions: [],
});

export const modelInstruments: Instrument[] = [fx('EURUSD', 5, 'EUR', 'USD'), fx('USDJPY', 3, 'USD', 'JPY')];
export const modelQuotes: Quote[] = [
  { symbol: 'EURUSD', bid: 1.1, ask: 1.10012, time: '2030-01-15T09:00:00.000Z' },
  { symbol: 'USDJPY', bid: 157.25, ask: 157.262, time: '2030-01-15T09:00:00.000Z' },
];
/** EURUSD falls below 1.09: a buy's stop-loss at 1.09 is now on the wrong side. */
export const fallenQuotes: Quote[] = [{ symbol: 'EURUSD', bid: 1.08, ask: 1.08012, time: '2030-01-15T09:00:01.000Z' }];

export const modelPosition: Position = {
  ticket: 501,
  symbol: 'EURUSD',
  side: 'buy',
  volume: 0.1,
  open_price: 1.10012,
  open_time: '2030-01-15T09:00:02.000Z',
  stop_loss: null,
  take_profit: null,
  current_price: 1.1,
  profit: -120,
  margin: 11_001,
};
export const modelDeal: Deal = {
  ticket: 9001,
  time: '2030-01-15T09:00:02.000Z',
  kind: 'buy',
  entry: 'in',
  reason: 'client',
  symbol: 'EURUSD',
  volume: 0.1,
  price: 1.10012,
  position_ticket: 501,
  profit: 0,
  comment: '',
};
export const modelFill: OrderResult = { position: modelPosition, deal: modelDeal };
export const MARGIN_REFUSAL = 'Not enough free margin for this volume.';

/** Russian input: the decimal comma is read. */
export const modelTicketInput: OrderTicketInput = { instruments: modelInstruments, quotes: modelQuotes, locale: 'ru' };

const events: OrderTicketEvent[] = [
  { type: 'ticket.symbol', symbol: 'USDJPY' },
  { type: 'ticket.side', side: 'sell' },
  { type: 'ticket.change', field: 'volume', value: '0,1' },
  { type: 'ticket.change', field: 'volume', value: '0,015' },
  { type: 'ticket.change', field: 'stop_loss', value: '1,09' },
  { type: 'ticket.quotes', quotes: fallenQuotes },
  { type: 'ticket.submit' },
  { type: 'ticket.again' },
];

export const orderTicketModel: MachineModel = {
  machine: orderTicketMachine,
  inputs: [modelTicketInput],
  events: [
    ...events,
    doneEvent('placeOrder', modelFill),
    errorEvent('placeOrder', fetchError({ message: MARGIN_REFUSAL, errors: { volume: [MARGIN_REFUSAL] } })),
    errorEvent('placeOrder', new TypeError('Failed to fetch')),
  ],
  // What a person sees, not the raw text: equal screens are one state, so the walk stays small.
  serialize: (snapshot: AnyMachineSnapshot) => {
    const s = snapshot as OrderTicketSnapshot;
    const shown = Object.fromEntries(
      TICKET_FIELDS.map((field) => {
        const problem = selectFieldProblem(s, field);
        return [field, problem ? (problem.kind === 'server' ? 'server' : problem.code) : null];
      }),
    );
    return JSON.stringify({
      value: s.value,
      symbol: s.context.symbol,
      side: s.context.side,
      order: selectOrder(s),
      shown,
      message: selectMessage(s),
      filled: s.context.result !== null,
    });
  },
  limit: 20_000,
};
