import type { SnapshotFrom } from 'xstate';
import type { Instrument, OrderResult, Quote, Side, TradingSymbol } from '../../contract/platform';
import { inputProblems, orderOf, type OrderRequest, type OrderTicketMachine, type TicketField } from './order-ticket.machine';
import { openPrice, requiredMargin } from './order-rules';

export type OrderTicketSnapshot = SnapshotFrom<OrderTicketMachine>;

/** A field's problem to show: the server's own text (translated by it), or a code the screen words. */
export type FieldProblem = { kind: 'server'; text: string } | { kind: 'rule'; code: string };

export const selectSymbol = (s: OrderTicketSnapshot): TradingSymbol => s.context.symbol;
export const selectSide = (s: OrderTicketSnapshot): Side => s.context.side;
export const selectInstrument = (s: OrderTicketSnapshot): Instrument | undefined => s.context.instruments.find((i) => i.symbol === s.context.symbol);
export const selectQuote = (s: OrderTicketSnapshot): Quote | undefined => s.context.quotes.find((q) => q.symbol === s.context.symbol);
export const selectText = (s: OrderTicketSnapshot, field: TicketField): string => s.context[field];
export const selectIsSubmitting = (s: OrderTicketSnapshot): boolean => s.hasTag('busy');
export const selectIsFilled = (s: OrderTicketSnapshot): boolean => s.matches('filled');
export const selectResult = (s: OrderTicketSnapshot): OrderResult | null => s.context.result;
/** The generic refusal, when no field carries it. */
export const selectMessage = (s: OrderTicketSnapshot): string | null => s.context.message;
/** The server's refusal of the instrument (the market is closed). */
export const selectSymbolError = (s: OrderTicketSnapshot): string | undefined => s.context.serverErrors.symbol?.[0];
export const selectOrder = (s: OrderTicketSnapshot): OrderRequest | null => orderOf(s.context);

/** The problem a field shows: the server's while it stands, else its own once typed into or after a submit. */
export function selectFieldProblem(s: OrderTicketSnapshot, field: TicketField): FieldProblem | undefined {
  const server = s.context.serverErrors[field]?.[0];
  if (server) return { kind: 'server', text: server };
  if (!s.context.submitted && !s.context.touched.includes(field)) return undefined;
  const code = inputProblems(s.context)[field];
  return code ? { kind: 'rule', code } : undefined;
}

/** The price the order would fill at now: the ask for a buy, the bid for a sell. */
export const selectFillPrice = (s: OrderTicketSnapshot): number | null => {
  const quote = selectQuote(s);
  return quote ? openPrice(quote, s.context.side) : null;
};

/** The margin the order would hold (account minor units), while the volume is valid and the prices tell. */
export function selectMarginPreview(s: OrderTicketSnapshot, account: { currency: string; precision: number; leverage: number }): number | null {
  const instrument = selectInstrument(s);
  const price = selectFillPrice(s);
  const order = orderOf({ ...s.context, stop_loss: '', take_profit: '' });
  if (!instrument || price === null || !order) return null;
  return requiredMargin(instrument, order.volume, price, account.leverage, account, s.context.quotes);
}
