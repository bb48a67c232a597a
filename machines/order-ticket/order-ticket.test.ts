import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrderResult } from '../../contract/platform';
import { fetchError } from '../form/form.model';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { orderTicketMachine, type OrderRequest } from './order-ticket.machine';
import { fallenQuotes, MARGIN_REFUSAL, modelFill, modelInstruments, modelQuotes, modelTicketInput, orderTicketModel } from './order-ticket.model';
import { conversionRate, parseStop, parseVolume, requiredMargin } from './order-rules';
import {
  selectFieldProblem,
  selectIsFilled,
  selectIsSubmitting,
  selectMarginPreview,
  selectMessage,
  selectOrder,
  selectSymbolError,
  selectText,
} from './order-ticket.selectors';

const pathsByInput = modelPaths(orderTicketModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('order-ticket machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(orderTicketModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(orderTicketMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('never sends an order whose input has a problem', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const before = path.steps[index - 1]?.state;
        if (before?.matches('editing') && step.event.type === 'ticket.submit' && step.state.matches('submitting')) {
          expect(selectOrder(before as never)).not.toBeNull();
        }
      });
    }
  });
});

function start(place: (order: OrderRequest) => Promise<OrderResult>) {
  const sent: OrderRequest[] = [];
  const actor = createActor(
    orderTicketMachine.provide({
      actors: {
        placeOrder: fromPromise(({ input }) => {
          sent.push(input.order);
          return place(input.order);
        }),
      },
    }),
    { input: modelTicketInput },
  ).start();
  return { actor, sent };
}

describe('order-ticket machine', () => {
  it('sends the volume typed with a decimal comma and the stop-loss, then shows the fill', async () => {
    const { actor, sent } = start(async () => modelFill);
    actor.send({ type: 'ticket.change', field: 'volume', value: '0,25' });
    actor.send({ type: 'ticket.change', field: 'stop_loss', value: '1,095' });
    actor.send({ type: 'ticket.submit' });
    const snapshot = await waitFor(actor, selectIsFilled);
    expect(sent).toEqual([{ symbol: 'EURUSD', side: 'buy', volume: 0.25, stop_loss: 1.095 }]);
    expect(snapshot.context.result).toEqual(modelFill);
  });

  it('shows a volume off the grid on its field and sends nothing', () => {
    const { actor, sent } = start(async () => modelFill);
    actor.send({ type: 'ticket.change', field: 'volume', value: '0,015' });
    expect(selectFieldProblem(actor.getSnapshot(), 'volume')).toEqual({ kind: 'rule', code: 'step' });
    actor.send({ type: 'ticket.submit' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(false);
    expect(sent).toEqual([]);
  });

  it('refuses a buy stop-loss above the bid, and again when the price falls below a good one', () => {
    const { actor } = start(async () => modelFill);
    actor.send({ type: 'ticket.change', field: 'stop_loss', value: '1.2' });
    expect(selectFieldProblem(actor.getSnapshot(), 'stop_loss')).toEqual({ kind: 'rule', code: 'stop_loss_side' });
    actor.send({ type: 'ticket.change', field: 'stop_loss', value: '1.09' });
    expect(selectFieldProblem(actor.getSnapshot(), 'stop_loss')).toBeUndefined();
    actor.send({ type: 'ticket.quotes', quotes: fallenQuotes });
    expect(selectFieldProblem(actor.getSnapshot(), 'stop_loss')).toEqual({ kind: 'rule', code: 'stop_loss_side' });
    // For a sell the same stop-loss is above the ask: fine.
    actor.send({ type: 'ticket.side', side: 'sell' });
    expect(selectFieldProblem(actor.getSnapshot(), 'stop_loss')).toBeUndefined();
  });

  it("shows the server's refusal on the volume, keeps the input, and retries the same order", async () => {
    let fail = true;
    const { actor, sent } = start(async () => {
      if (fail) throw fetchError({ message: MARGIN_REFUSAL, errors: { volume: [MARGIN_REFUSAL] } });
      return modelFill;
    });
    actor.send({ type: 'ticket.change', field: 'volume', value: '50' });
    actor.send({ type: 'ticket.submit' });
    const snapshot = await waitFor(actor, (s) => !selectIsSubmitting(s));
    expect(selectFieldProblem(snapshot, 'volume')).toEqual({ kind: 'server', text: MARGIN_REFUSAL });
    expect(selectText(snapshot, 'volume')).toBe('50');
    fail = false;
    actor.send({ type: 'ticket.submit' });
    await waitFor(actor, selectIsFilled);
    expect(sent).toEqual([
      { symbol: 'EURUSD', side: 'buy', volume: 50 },
      { symbol: 'EURUSD', side: 'buy', volume: 50 },
    ]);
  });

  it('shows a closed market on the instrument and a dropped connection as a message', async () => {
    const { actor } = start(async () => {
      throw fetchError({ message: 'The market is closed.', errors: { symbol: ['The market is closed.'] } });
    });
    actor.send({ type: 'ticket.submit' });
    expect(selectSymbolError(await waitFor(actor, (s) => !selectIsSubmitting(s)))).toBe('The market is closed.');
    const offline = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    offline.actor.send({ type: 'ticket.submit' });
    expect(selectMessage(await waitFor(offline.actor, (s) => !selectIsSubmitting(s)))).not.toBeNull();
  });

  it('previews the margin in the account currency', () => {
    const { actor } = start(async () => modelFill);
    actor.send({ type: 'ticket.change', field: 'volume', value: '1' });
    // 1 lot of EURUSD at the ask 1.10012, 1:100: 1,100.12 USD.
    expect(selectMarginPreview(actor.getSnapshot(), { currency: 'USD', precision: 2, leverage: 100 })).toBe(110_012);
  });
});

describe('order rules', () => {
  const eurusd = modelInstruments[0]!;
  it('reads volumes on the grid, in either decimal mark for ru', () => {
    expect(parseVolume('0,1', eurusd, 'ru')).toEqual({ ok: true, value: 0.1 });
    expect(parseVolume('0.1', eurusd, 'en')).toEqual({ ok: true, value: 0.1 });
    expect(parseVolume('0,1', eurusd, 'en')).toEqual({ ok: false, problem: 'numeric' });
    expect(parseVolume('0.001', eurusd, 'en')).toEqual({ ok: false, problem: 'min' });
    expect(parseVolume('101', eurusd, 'en')).toEqual({ ok: false, problem: 'max' });
    expect(parseVolume('', eurusd, 'en')).toEqual({ ok: false, problem: 'required' });
  });

  it('refuses stops with more digits than the instrument has, and on the wrong side', () => {
    expect(parseStop('1.123456', 'stop_loss', 'buy', 1.1, eurusd, 'en')).toEqual({ ok: false, problem: 'digits' });
    expect(parseStop('1.2', 'take_profit', 'sell', 1.1, eurusd, 'en')).toEqual({ ok: false, problem: 'take_profit_side' });
    expect(parseStop('', 'take_profit', 'sell', 1.1, eurusd, 'en')).toEqual({ ok: true, value: null });
  });

  // 1 lot of USDJPY is 157,262 JPY at 1:100, at the mid 157.256: 1,000.04 USD.
  it('converts through direct, inverted and USD cross rates', () => {
    expect(conversionRate('USD', 'USD', modelQuotes)).toBe(1);
    expect(conversionRate('JPY', 'USD', modelQuotes)).toBeCloseTo(1 / 157.256, 8);
    expect(conversionRate('JPY', 'EUR', modelQuotes)).toBeCloseTo(1 / 157.256 / 1.10006, 8);
    expect(conversionRate('GBP', 'USD', modelQuotes)).toBeNull();
    expect(requiredMargin(modelInstruments[1]!, 1, 157.262, 100, { currency: 'USD', precision: 2 }, modelQuotes)).toBe(100_004);
  });
});
